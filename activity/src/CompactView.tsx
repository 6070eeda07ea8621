import { labelText } from "@pickle-garden/shared";
import { ActivityCard, Avatar } from "@pickle-garden/web";
import { useTranslation } from "react-i18next";
import { MemoryRouter } from "react-router";
import { useRoster } from "./useRoster.ts";

/**
 * Picture-in-picture and grid: the current activity with its progress (the shell's own card) and the
 * party's faces; Discord shows the full app again when the activity is focused.
 */
export function CompactView() {
  const { t } = useTranslation("activity");
  const roster = useRoster();
  return (
    <section className="pga-compact" aria-label={t("compact.label")} data-testid="activity-compact">
      <MemoryRouter>
        <ActivityCard />
      </MemoryRouter>
      <ul className="pga-compact__faces" aria-label={t("compact.party")}>
        {roster.map((entry) => {
          const text = `${labelText(entry.label)}: ${entry.status ? t(`social:party.status.${entry.status}`) : t("roster.inActivity")}`;
          return (
            <li
              key={entry.id}
              title={text}
              className={`pga-compact__face${entry.status ? ` pg-party__face--${entry.status}` : ""}`}
              data-testid="compact-face"
              data-status={entry.status ?? undefined}
            >
              <Avatar label={entry.label} avatar={entry.avatarUrl} size={28} />
              <span className="pg-visually-hidden">{text}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
