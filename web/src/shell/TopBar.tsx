import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LogoIcon, MenuIcon } from "../icons/ui.tsx";
import { toggleDrawer, useUiStore } from "../stores/uiStore.ts";
import { ActivityCard } from "./ActivityCard.tsx";
import { GuestBadge } from "./GuestBadge.tsx";
import { PartyStrip } from "./PartyStrip.tsx";
import { RoomBadge } from "./RoomBadge.tsx";
import { ServerClock } from "./ServerClock.tsx";
import { GoldStat, HealthStat, ManaStat, RpStat } from "./Stats.tsx";
import { UserMenu } from "./UserMenu.tsx";

export const MENU_BUTTON_ID = "pg-menu-button";

/** The top bar of spec §2. Each piece subscribes to its own slice of the stores. */
export function TopBar() {
  const { t } = useTranslation("shell");
  const drawerOpen = useUiStore((s) => s.drawerOpen);
  return (
    <header className="pg-topbar">
      <button
        id={MENU_BUTTON_ID}
        type="button"
        className="pg-icon-btn pg-topbar__menu"
        aria-label={t("topbar.openMenu")}
        aria-expanded={drawerOpen}
        aria-controls="pg-sidebar"
        data-tour="nav-menu"
        onClick={toggleDrawer}
      >
        <MenuIcon />
      </button>
      <Link to="/" className="pg-brand">
        <LogoIcon size={30} />
        <span className="pg-brand__text">{t("app.name")}</span>
      </Link>
      <span className="pg-topbar__clock">
        <ServerClock />
      </span>
      <RoomBadge />
      <PartyStrip />
      <ActivityCard />
      <span className="pg-topbar__spacer" />
      <section className="pg-topbar__group" aria-label={t("topbar.stats")}>
        <GoldStat />
        <HealthStat />
        <ManaStat />
        <RpStat />
      </section>
      <GuestBadge />
      <UserMenu />
    </header>
  );
}
