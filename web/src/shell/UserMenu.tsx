import { totalLevel } from "@pickle-garden/shared";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { useShownName } from "../i18n/useShownName.ts";
import { ChevronDownIcon, LogoutIcon, SettingsIcon, SproutIcon } from "../icons/ui.tsx";
import { logout } from "../session/sessionController.ts";
import { isGuest } from "../stores/derived.ts";
import { usePlayer } from "../stores/playerStore.ts";
import { useSessionStore } from "../stores/sessionStore.ts";

/** Discord avatars come as a hash (or a full url); guests get the sprout. */
export function avatarUrl(discordId: string, avatar: string | null): string | null {
  if (!avatar) return null;
  if (/^https?:\/\//.test(avatar)) return avatar;
  if (/^\d+$/.test(discordId) && /^[a-z0-9_]+$/i.test(avatar)) {
    return `https://cdn.discordapp.com/avatars/${discordId}/${avatar}.png?size=64`;
  }
  return null;
}

/** Username, level and avatar; a menu with Settings and Logout (spec §2; no Logout inside the Discord Activity). */
export function UserMenu() {
  const { t } = useTranslation("shell");
  const username = useShownName();
  const discordId = usePlayer((p) => p.discordId);
  const avatar = usePlayer((p) => p.avatar);
  const guest = usePlayer(isGuest);
  const supporter = usePlayer((p) => p.subscription_active);
  const level = usePlayer(totalLevel);
  const loggingOut = useSessionStore((s) => s.logoutInProgress);
  // inside the Discord Activity the player is the Discord user: leaving is closing the activity
  const inActivity = useSessionStore((s) => s.transport === "token");
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onDown = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onDown);
    root.current?.querySelector<HTMLElement>(".pg-menu__item")?.focus();
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onDown);
    };
  }, [open]);

  if (username === undefined || discordId === undefined) return null;
  const src = guest ? null : avatarUrl(discordId, avatar ?? null);

  const onLogout = async () => {
    setOpen(false);
    await logout();
    navigate("/login", { replace: true });
  };

  return (
    <div className="pg-user" ref={root}>
      <button
        ref={button}
        type="button"
        className="pg-user__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((o) => !o)}
        data-testid="user-menu-button"
        // the tutorial's settings anchor; a guest's is the badge's Open Settings button beside it
        data-tour={guest ? undefined : "nav-settings"}
      >
        <span className="pg-avatar">{src ? <img src={src} alt="" /> : <SproutIcon size={22} />}</span>
        <span className="pg-user__name">
          <strong>{username}</strong>
          <span data-testid="total-level">{t("topbar.totalLevel", { level })}</span>
        </span>
        {supporter ? (
          <span
            className="pg-badge pg-badge--supporter"
            title={t("subscription.badgeTip")}
            data-testid="supporter-badge"
          >
            {t("subscription.badge")}
          </span>
        ) : null}
        <span className="pg-visually-hidden">{t("topbar.accountMenu")}</span>
        <ChevronDownIcon size={16} />
      </button>
      {open ? (
        <ul className="pg-menu" id={menuId}>
          <li>
            <Link className="pg-menu__item" to="/settings" onClick={() => setOpen(false)}>
              <SettingsIcon size={18} />
              {t("topbar.settings")}
            </Link>
          </li>
          {inActivity ? null : (
            <li>
              <button
                type="button"
                className="pg-menu__item"
                onClick={() => void onLogout()}
                disabled={loggingOut}
              >
                <LogoutIcon size={18} />
                {loggingOut ? t("topbar.loggingOut") : t("topbar.logout")}
              </button>
            </li>
          )}
        </ul>
      ) : null}
    </div>
  );
}
