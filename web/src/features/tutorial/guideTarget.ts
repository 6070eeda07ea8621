import { anchorSelector } from "./tutorialSteps.ts";

/** The one element the tour points at carries data-guide-target="active". */
export const GUIDE_ATTR = "data-guide-target";
/** data-tour of the top bar's menu button: the way into the closed drawer on a phone. */
export const MENU_ANCHOR = "nav-menu";

/** On screen or reachable by scrolling: laid out, not hidden (the closed phone drawer is visibility: hidden). */
function reachable(el: HTMLElement): boolean {
  if (!el.isConnected) return false;
  return typeof el.checkVisibility === "function" ? el.checkVisibility({ visibilityProperty: true }) : true;
}

/**
 * The element the tour points at: the first of `targets` (data-tour anchors, best first) that is on the
 * page; a sidebar entry inside the closed phone drawer is reached through the menu button.
 */
export function resolveTarget(targets: readonly string[]): HTMLElement | null {
  let inClosedDrawer = false;
  for (const anchor of targets) {
    for (const el of document.querySelectorAll<HTMLElement>(anchorSelector(anchor))) {
      if (reachable(el)) return el;
      if (el.closest("#pg-sidebar")) inClosedDrawer = true;
    }
  }
  if (!inClosedDrawer) return null;
  const menu = document.querySelector<HTMLElement>(anchorSelector(MENU_ANCHOR));
  return menu && reachable(menu) ? menu : null;
}

/** Marks `el` as the one active target (every other mark removed); null clears them all. */
export function markTarget(el: HTMLElement | null): void {
  for (const other of document.querySelectorAll(`[${GUIDE_ATTR}]`)) {
    if (other !== el) other.removeAttribute(GUIDE_ATTR);
  }
  if (el && el.getAttribute(GUIDE_ATTR) !== "active") el.setAttribute(GUIDE_ATTR, "active");
}

/** Brings the target into view: the page, and any scrolled box holding it (the lab tree pans). */
export function revealTarget(el: HTMLElement, focus = false): void {
  el.scrollIntoView?.({ block: "center", inline: "center", behavior: focus ? "auto" : "smooth" });
  if (focus) el.focus?.({ preventScroll: true });
}
