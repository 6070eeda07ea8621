import { inventoryCapacity, questsReady } from "@pickle-garden/shared";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, useLocation } from "react-router";
import { SkillIcon } from "../icons/SkillIcon.tsx";
import { CloseIcon, HomeIcon, InventoryIcon, LabIcon, QuestIcon } from "../icons/ui.tsx";
import { inventoryUsed } from "../stores/derived.ts";
import { usePlayer, usePlayerShallow } from "../stores/playerStore.ts";
import { setDrawerOpen, useUiStore } from "../stores/uiStore.ts";
import { SkillRow } from "./SkillRow.tsx";
import { SocialsGroup } from "./SocialsGroup.tsx";
import { CLOSE_DRAWER_EVENT, COMBAT_ROWS, SKILL_ROWS, visibleRows } from "./sidebarModel.ts";
import { MENU_BUTTON_ID } from "./TopBar.tsx";

/**
 * The left sidebar (spec §2), a drawer on phones (≤ 768px) that closes on Escape, on route change and on
 * the window event "sidebar:close".
 */
export function Sidebar() {
  const { t } = useTranslation("shell");
  const open = useUiStore((s) => s.drawerOpen);
  const skills = usePlayerShallow((p) => visibleRows(SKILL_ROWS, p.featureFlags)) ?? [];
  const combat = usePlayerShallow((p) => visibleRows(COMBAT_ROWS, p.featureFlags)) ?? [];
  const combatOn = usePlayer((p) => !!p.featureFlags.combat);
  const questsOn = usePlayer((p) => !!p.featureFlags.quest);
  const readyCount = usePlayer((p) => questsReady(p.quests).length) ?? 0;
  const used = usePlayer(inventoryUsed) ?? 0;
  const total = usePlayer(inventoryCapacity) ?? 0;
  const { pathname } = useLocation();
  const closeButton = useRef<HTMLButtonElement>(null);

  // close on route change
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger
  useEffect(() => setDrawerOpen(false), [pathname]);

  // close on the close event, and on Escape while open
  useEffect(() => {
    const onClose = () => setDrawerOpen(false);
    window.addEventListener(CLOSE_DRAWER_EVENT, onClose);
    return () => window.removeEventListener(CLOSE_DRAWER_EVENT, onClose);
  }, []);
  useEffect(() => {
    if (!open) return;
    // on phones the open drawer is modal: the page behind it is inert until it closes
    const main = document.getElementById("pg-main");
    const modal = typeof window.matchMedia === "function" && window.matchMedia("(max-width: 768px)").matches;
    if (modal) main?.setAttribute("inert", "");
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setDrawerOpen(false);
      document.getElementById(MENU_BUTTON_ID)?.focus();
    };
    document.addEventListener("keydown", onKey);
    closeButton.current?.focus({ preventScroll: true });
    return () => {
      document.removeEventListener("keydown", onKey);
      if (modal) main?.removeAttribute("inert");
    };
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="pg-backdrop"
        data-open={open}
        tabIndex={-1}
        aria-hidden="true"
        onClick={() => setDrawerOpen(false)}
      />
      <nav
        id="pg-sidebar"
        className="pg-sidebar"
        data-open={open}
        aria-label={t("sidebar.label")}
        data-testid="sidebar"
      >
        <button
          ref={closeButton}
          type="button"
          className="pg-icon-btn pg-sidebar__close"
          aria-label={t("sidebar.close")}
          onClick={() => setDrawerOpen(false)}
        >
          <CloseIcon />
        </button>
        <ul>
          <li>
            <NavLink to="/" end className="pg-nav-link">
              <HomeIcon size={22} />
              <span>{t("sidebar.home")}</span>
            </NavLink>
          </li>
        </ul>

        <h2 id="pg-nav-skills">{t("sidebar.skills")}</h2>
        <ul aria-labelledby="pg-nav-skills">
          {skills.map((s) => (
            <SkillRow key={s} skill={s} />
          ))}
        </ul>

        <h2 id="pg-nav-combat">{t("sidebar.combat")}</h2>
        <ul aria-labelledby="pg-nav-combat">
          {combatOn ? (
            <li>
              <NavLink
                to="/skills/combat"
                end
                className="pg-nav-link"
                data-testid="nav-combat"
                data-tour="nav-combat"
              >
                <SkillIcon skill="combat" size={22} />
                <span>{t("sidebar.combatOverview")}</span>
              </NavLink>
            </li>
          ) : null}
          {combat.map((s) => (
            <SkillRow key={s} skill={s} />
          ))}
        </ul>
        {!combatOn && combat.length === 0 ? (
          <p className="pg-sidebar__empty">{t("sidebar.combatLocked")}</p>
        ) : null}

        <h2 id="pg-nav-other">{t("sidebar.other")}</h2>
        <ul aria-labelledby="pg-nav-other">
          <li>
            <NavLink
              to="/inventory"
              className="pg-nav-link"
              data-testid="nav-inventory"
              data-tour="nav-inventory"
            >
              <InventoryIcon size={22} />
              <span>{t("sidebar.inventory")}</span>
              <span className="pg-nav-link__meta" title={t("sidebar.slots", { used, total })}>
                <span aria-hidden="true">{`${used}/${total}`}</span>
                <span className="pg-visually-hidden">{t("sidebar.slots", { used, total })}</span>
              </span>
            </NavLink>
          </li>
          <li>
            <NavLink to="/lab" className="pg-nav-link" data-testid="nav-lab" data-tour="nav-lab">
              <LabIcon size={22} />
              <span>{t("sidebar.lab")}</span>
            </NavLink>
          </li>
          {questsOn ? (
            <li>
              <NavLink to="/quests" className="pg-nav-link" data-testid="nav-quests" data-tour="nav-quests">
                <QuestIcon size={22} />
                <span>{t("sidebar.quests")}</span>
                {readyCount > 0 ? (
                  <span className="pg-nav-link__meta" title={t("sidebar.questsReady", { count: readyCount })}>
                    <span aria-hidden="true">{readyCount}</span>
                    <span className="pg-visually-hidden">
                      {t("sidebar.questsReady", { count: readyCount })}
                    </span>
                  </span>
                ) : null}
              </NavLink>
            </li>
          ) : null}
        </ul>

        <h2 id="pg-nav-socials">{t("sidebar.socials")}</h2>
        <SocialsGroup />
      </nav>
    </>
  );
}
