import { labelText } from "@pickle-garden/shared";
import { Avatar, actionPlace, i18n } from "@pickle-garden/web";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useActivityStore } from "./activityStore.ts";
import type { RosterEntry } from "./roster.ts";
import { useRoster } from "./useRoster.ts";

/** Where a roster entry plays, in the player's language ("Mining · Garden"), or that it just arrived. */
export function whereText(entry: RosterEntry): string {
  if (!entry.playing || entry.skill === null) return i18n.t("activity:roster.inActivity");
  if (entry.skill === "none") return i18n.t("shell:topbar.resting");
  const skill = i18n.t(`shell:skills.${entry.skill}`);
  const place = actionPlace({ skill: entry.skill, location: entry.location ?? "home" });
  return place ? `${skill} · ${place}` : skill;
}

/** The party: a button with the faces, opening the roster (who is here, who plays where) and Invite. */
export function Party({ onInvite }: { onInvite(): void }) {
  const { t } = useTranslation("activity");
  const roster = useRoster();
  const invite = useActivityStore((s) => s.invite);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <div className="pga-party" data-testid="activity-party">
      {open ? (
        <section id={panelId} className="pga-party__panel" aria-label={t("roster.title")}>
          <header className="pga-party__head">
            <h2>{t("roster.title")}</h2>
            <button
              type="button"
              className="pg-btn pg-btn--small"
              aria-label={t("roster.close")}
              onClick={() => setOpen(false)}
            >
              ×
            </button>
          </header>
          <ul className="pga-roster" data-testid="activity-roster">
            {roster.map((entry) => (
              <li key={entry.id} className="pga-roster__row" data-player={entry.id}>
                <Avatar label={entry.label} avatar={entry.avatarUrl} size={32} />
                <span className="pga-roster__text">
                  <span className="pga-roster__name">
                    {labelText(entry.label)}
                    {entry.self ? <span className="pga-roster__you"> ({t("roster.you")})</span> : null}
                  </span>
                  <span className="pga-roster__where">{whereText(entry)}</span>
                </span>
              </li>
            ))}
          </ul>
          {roster.length <= 1 ? <p className="pga-party__empty">{t("roster.empty")}</p> : null}
          {invite === "offered" ? (
            <button
              type="button"
              className="pg-btn pg-btn--primary pga-party__invite"
              aria-label={t("inviteLabel")}
              onClick={onInvite}
            >
              {t("invite")}
            </button>
          ) : (
            <p className="pga-party__empty" role="status" data-testid="activity-invite-note">
              {t(invite === "refused" ? "inviteRefused" : "inviteUnsupported")}
            </p>
          )}
        </section>
      ) : null}
      <button
        type="button"
        className="pg-btn pga-party__toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen(!open)}
        data-testid="activity-party-toggle"
      >
        <span className="pga-faces" aria-hidden="true">
          {roster.slice(0, 3).map((entry) => (
            <Avatar key={entry.id} label={entry.label} avatar={entry.avatarUrl} size={22} />
          ))}
        </span>
        {t("roster.open", { count: roster.length })}
      </button>
    </div>
  );
}
