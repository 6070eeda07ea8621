import {
  areaLevel,
  combatStyle,
  FRONTIER_SPELLS,
  type GatherSkill,
  LOCATIONS,
  type Location,
  MONSTERS,
  SEED_TIERS,
} from "@pickle-garden/shared";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { locationName, monsterName, nodeName, spellName } from "../../i18n/names.ts";
import { usePlayer } from "../../stores/playerStore.ts";
import { LocationPic, LockGlyph } from "../ui/icons.tsx";

/**
 * What a combat area past level 40 takes (docs/combat-balance.md): its tier's gear and the style's spell on it,
 * and what its insect does to the fighter with the counter.
 */
function AreaTakes({ loc }: { loc: Location }) {
  const { t } = useTranslation("pages");
  const style = usePlayer(combatStyle) ?? "melee";
  if (loc.tier <= SEED_TIERS) return null;
  const spells = FRONTIER_SPELLS[loc.tier as keyof typeof FRONTIER_SPELLS];
  return (
    <>
      <span className="pg-loc__takes" data-testid={`takes-${loc.id}`}>
        {t("combat.takes", { tier: loc.tier, spell: spellName(spells[style]) })}
      </span>
      {loc.spawns.map((spawn) => (
        <AreaAffliction key={spawn.id} monsterId={spawn.id} />
      ))}
    </>
  );
}

/** An insect's affliction and its counter (docs/combat-balance.md "Afflictions"), on its area's card. */
function AreaAffliction({ monsterId }: { monsterId: number }) {
  const { t } = useTranslation("pages");
  const a = MONSTERS[monsterId]?.affliction;
  if (!a) return null;
  const s = (a.kind === "stun" ? a.power : a.durationMs) / 1000;
  return (
    <span className="pg-loc__takes" data-testid={`affliction-${monsterId}`} data-affliction={a.kind}>
      {t(`combat.afflictionCard.${a.kind}`, { monster: monsterName(monsterId), n: a.power, s, tier: a.tier })}
    </span>
  );
}

/** The skill's locations in order; a locked one shows its required level (spec mechanics §2). */
export function GatherLocations({ skill }: { skill: GatherSkill | "combat" }) {
  const { t } = useTranslation("pages");
  const level = usePlayer((p) => areaLevel(p, skill));
  const here = usePlayer((p) => (p.currentAction.skill === skill ? p.currentAction.location : null));
  const locations = LOCATIONS.filter((l) => l.skill === skill);
  return (
    <section aria-labelledby="locations-title">
      <h2 id="locations-title">{skill === "combat" ? t("combat.areas") : t("skill.locations")}</h2>
      <ul className="pg-grid pg-grid--cards" data-testid="locations">
        {locations.map((loc) => {
          const locked = (level ?? 1) < loc.requiredLevel;
          const name = locationName(loc.id);
          const spawns = loc.spawns
            .filter((s) => !s.lucky)
            .map((s) => (skill === "combat" ? null : nodeName(s.id)))
            .filter(Boolean)
            .join(", ");
          const body = (
            <>
              <LocationPic skill={skill} location={loc.id} />
              <span className="pg-loc__text">
                <span className="pg-loc__name">{name}</span>
                {/* in the text's column, on its own line: beside it, it squeezed the name and level under it */}
                {here === loc.id ? (
                  <span className="pg-badge pg-loc__here" data-testid="location-here">
                    {t(skill === "combat" ? "skill.fightingHere" : "skill.gatheringHere")}
                  </span>
                ) : null}
                <span className="pg-muted">
                  {locked
                    ? t("common.requiresLevel", { level: loc.requiredLevel })
                    : t("common.levelShort", { level: loc.requiredLevel })}
                  {spawns ? ` · ${spawns}` : ""}
                </span>
                {skill === "combat" ? <AreaTakes loc={loc} /> : null}
              </span>
            </>
          );
          return (
            <li key={loc.id}>
              {locked ? (
                <div
                  className="pg-loc pg-loc--locked"
                  aria-disabled="true"
                  data-testid={`location-${loc.id}`}
                  data-tour={`location-${skill}-${loc.id}`}
                >
                  <LockGlyph className="pg-lock" />
                  {body}
                </div>
              ) : (
                <Link
                  className="pg-loc"
                  to={`/skills/${skill}/${loc.id}`}
                  data-testid={`location-${loc.id}`}
                  data-tour={`location-${skill}-${loc.id}`}
                >
                  {body}
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
