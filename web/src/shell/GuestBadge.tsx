import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { SettingsIcon, SproutIcon } from "../icons/ui.tsx";
import { isGuest } from "../stores/derived.ts";
import { usePlayer } from "../stores/playerStore.ts";

/** For guests: the Guest badge with its tooltip and an Open Settings button (spec §2, §6). */
export function GuestBadge() {
  const { t } = useTranslation("shell");
  const guest = usePlayer(isGuest);
  const tipId = useId();
  if (!guest) return null;
  return (
    <span className="pg-guest" data-testid="guest-badge">
      <span className="pg-tip-anchor">
        {/* focusable so keyboard users reach the tooltip */}
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the badge only shows its tooltip */}
        <span className="pg-badge" tabIndex={0} aria-describedby={tipId}>
          <SproutIcon size={14} />
          {t("topbar.guest")}
        </span>
        <span role="tooltip" id={tipId} className="pg-tip">
          {t("topbar.guestTooltip")}
        </span>
      </span>
      <Link
        to="/settings"
        className="pg-btn pg-btn--small pg-guest__settings"
        aria-label={t("topbar.openSettings")}
        data-tour="nav-settings"
      >
        <SettingsIcon size={16} />
        <span className="pg-btn__label">{t("topbar.openSettings")}</span>
      </Link>
    </span>
  );
}
