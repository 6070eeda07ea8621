import { ActivityCard } from "@pickle-garden/web";
import { useTranslation } from "react-i18next";
import { MemoryRouter } from "react-router";
import { Face } from "./Face.tsx";
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
        {roster.map((entry) => (
          <li key={entry.id} title={entry.name}>
            <Face entry={entry} size={28} />
            <span className="pg-visually-hidden">{entry.name}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
