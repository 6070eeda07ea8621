import { create } from "zustand";
import { onServerEvent } from "../api/socket.ts";
import { errorCodeText } from "../messages/errorMessages.ts";
import { POPUP_EVENT, type PopupDetail } from "./uiStore.ts";

/**
 * Floating numbers: combat's (spec shell §3 popup types), raised by the window `popup` event and the
 * socket, and a subscriber's xp grants.
 */
export type Popup = Omit<PopupDetail, "type" | "target" | "playerId"> & {
  /** `xp`: a subscriber's xp grant, raised by the web from `xpUpdate` */
  type: PopupDetail["type"] | "xp";
  /** an xp popup's supporter part (`xpUpdate.bonus`) */
  bonus?: number;
  id: number;
  /** monster uid, or 'player' */
  target: string;
  /** horizontal jitter, % */
  dx: number;
};

export const POPUP_MS = 1400;
const MAX_POPUPS = 24;

/** The shown popups and the id of the next one. */
export const usePopupStore = create<{ popups: Popup[]; nextId: number }>()(() => ({ popups: [], nextId: 1 }));

export function addPopup(detail: PopupDetail): void {
  const { playerId, target = "player", ...shown } = detail;
  showPopup({ ...shown, target });
}

function showPopup(shown: Omit<Popup, "id" | "dx">): void {
  const id = usePopupStore.getState().nextId;
  // an xp popup is wide and comes one at a time: centred, so it stays within a phone's column
  const dx = shown.type === "xp" ? 0 : ((id * 37) % 60) - 30;
  const popup: Popup = { ...shown, id, dx };
  usePopupStore.setState((s) => ({ nextId: id + 1, popups: [...s.popups, popup].slice(-MAX_POPUPS) }));
  setTimeout(
    () => usePopupStore.setState((s) => ({ popups: s.popups.filter((p) => p.id !== id) })),
    POPUP_MS,
  );
}

/**
 * The i18n key and values of a popup's text; crit variants end in `_crit`. An info popup is written from
 * its subject (the spell, the item, a refusal's code) in the player's language.
 */
export function popupText(
  p: Pick<Popup, "type" | "value" | "spellId" | "itemId" | "code">,
): { key: string; n: number; spell?: string; item?: number } | { raw: string } {
  if (p.spellId !== undefined) return { key: "popup.spell", n: 0, spell: p.spellId };
  if (p.itemId !== undefined) return { key: "popup.noRoom", n: 0, item: p.itemId };
  if (p.code !== undefined) return { raw: errorCodeText(p.code) };
  const n = Math.round(p.value ?? 0);
  if (p.type.endsWith("_crit")) return { key: "popup.crit", n };
  switch (p.type) {
    case "xp":
      return { key: "popup.xp", n };
    case "melee_dmg":
    case "magic_dmg":
    case "ranged_dmg":
      return { key: "popup.dmg", n };
    case "heal":
    case "mana":
    case "manaSpend":
    case "dodged":
    case "blocked":
    case "lifesteal":
    case "rapid_shot":
    case "barrier":
    case "bleed":
    case "bleed_tick":
    case "burn":
    case "burn_tick":
    case "freeze":
    case "stun":
    case "poison":
    case "poison_tick":
    case "weaken":
    case "slow":
      return { key: `popup.${p.type}`, n };
    default:
      return { raw: n ? String(n) : p.type };
  }
}

/**
 * Show this player's xp grants that carry the supporter bonus on `target` (a non-subscriber's carry
 * none, so they see nothing new); `skill` keeps only that skill's. Returns the unsubscribe.
 */
export function listenXpBonus(selfId: () => string | undefined, target: string, skill?: string): () => void {
  return onServerEvent("xpUpdate", (e) => {
    if (!e.bonus || e.bonus <= 0 || e.playerId !== selfId()) return;
    if (skill !== undefined && e.skill !== skill) return;
    showPopup({ type: "xp", value: e.delta, bonus: e.bonus, target });
  });
}

/**
 * Listen while a combat page is open: the window event `popup` (raised by anyone, the shell included, for
 * this player's socket popups), the socket for the other room members' hits, and this player's supporter
 * xp over the player. Returns the unsubscribe.
 */
export function listenPopups(selfId: () => string | undefined): () => void {
  const onWindow = (e: Event) => {
    const detail = (e as CustomEvent<PopupDetail>).detail;
    if (detail && typeof detail.type === "string") addPopup(detail);
  };
  window.addEventListener(POPUP_EVENT, onWindow);
  const offXp = listenXpBonus(selfId, "player");
  const off = onServerEvent("popup", (popup) => {
    const me = selfId();
    // the shell re-raises this player's popups as the window event; here only another room member's
    // hits on the shared monsters (never their own heals)
    const { playerId, target = "player" } = popup;
    if (!playerId || !me || playerId === me || target === "player") return;
    addPopup(popup);
  });
  return () => {
    window.removeEventListener(POPUP_EVENT, onWindow);
    off();
    offXp();
  };
}
