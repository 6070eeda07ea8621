import type { GroupPlayer } from "@pickle-garden/shared";

/** What a member is doing, in words: resting, or skill · location. */
export function activityText(
  p: Pick<GroupPlayer, "currentAction">,
  t: (key: string, o?: Record<string, unknown>) => string,
): string {
  const { skill, location } = p.currentAction;
  if (skill === "none") return t("group.resting");
  return t("group.activity", {
    skill: t(`shell:skills.${skill}`, { defaultValue: skill }),
    location: t(`names:locations.${location}`, { defaultValue: location }),
  });
}
