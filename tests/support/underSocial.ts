import type { Page } from "@playwright/test";

/**
 * What lies under the Group and chat button or the Activity's party button (issue 29: on a phone the
 * floating button covered "Guerrier" in the inventory, Home's second "Go there", the Picklelogy page and a
 * quest's Claim until one scrolled), looked at as the page opens and again scrolled to its bottom, nothing
 * scrolled into view on purpose. Every visible control and every heading, paragraph and list item of the
 * page counts; the part of it a player sees is what is tested. When the buttons sit in the dock (an opaque
 * bar across the bottom of the window), the page a player sees ends at the dock's top, as it ends at the
 * window's bottom: what is below it is out of view, not under a button, and once scrolled to the bottom the
 * whole page ends above it (else something could never come out from under it).
 */
export function findUnderSocial(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const name = (el: Element) => {
      const id = el.getAttribute("data-testid") ?? el.id;
      const text = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${id ? `#${id}` : ""} "${text}"`;
    };
    const buttons = [
      ...document.querySelectorAll<HTMLElement>("#pg-social-button, [data-testid=activity-party-toggle]"),
    ].filter((b) => b.checkVisibility({ visibilityProperty: true }));
    const dock = document.querySelector<HTMLElement>("[data-testid=dock]");
    const docked = (() => {
      if (!dock?.checkVisibility({ visibilityProperty: true })) return false;
      const d = dock.getBoundingClientRect();
      const paint =
        getComputedStyle(dock)
          .backgroundColor.match(/[\d.]+/g)
          ?.map(Number) ?? [];
      const opaque = paint.length === 3 || (paint.length === 4 && paint[3] === 1);
      return d.left <= 0 && d.right >= window.innerWidth && d.bottom >= window.innerHeight - 1 && opaque;
    })();
    // the buttons in the dock are those whose box lies inside it
    const inDock = (b: HTMLElement) => {
      if (!docked || !dock) return false;
      const [r, d] = [b.getBoundingClientRect(), dock.getBoundingClientRect()];
      return r.top >= d.top && r.bottom <= d.bottom && r.left >= d.left && r.right <= d.right;
    };
    for (const b of buttons)
      if (dock?.checkVisibility() && !inDock(b)) found.push(`${name(b)} outside the dock`);
    const pageBottom = docked && dock ? dock.getBoundingClientRect().top : window.innerHeight;
    const layers = [...buttons, ...(dock ? [dock] : [])];
    const skip = document.querySelectorAll("#pg-social, .pga-party, [data-testid=toasts]");
    const words = document.querySelectorAll<HTMLElement>(
      "main h1, main h2, main h3, main p, main li, button, [role=tab], a[href], input, select, textarea, [role=button]",
    );
    const look = (when: string) => {
      for (const el of words) {
        if (layers.some((l) => l.contains(el)) || [...skip].some((s) => s.contains(el))) continue;
        if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
        const r = el.getBoundingClientRect();
        if (r.width <= 2 || r.height <= 2) continue;
        // the part of it in view: in the window above the dock, inside the boxes that clip it (the
        // sidebar's scrolling box, the lab tree's)
        let [left, right, top, bottom] = [
          r.left,
          r.right,
          Math.max(r.top, 0),
          Math.min(r.bottom, pageBottom),
        ];
        for (let up = el.parentElement; up; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (style.overflowX === "visible" && style.overflowY === "visible") continue;
          const box = up.getBoundingClientRect();
          const [x, y] = [box.left + up.clientLeft, box.top + up.clientTop];
          [left, right] = [Math.max(left, x), Math.min(right, x + up.clientWidth)];
          [top, bottom] = [Math.max(top, y), Math.min(bottom, y + up.clientHeight)];
        }
        if (bottom <= top || right <= left) continue;
        for (const b of buttons) {
          if (inDock(b)) continue;
          const c = b.getBoundingClientRect();
          if (left < c.right && c.left < right && top < c.bottom && c.top < bottom)
            found.push(`${name(el)} under ${name(b)} ${when}`);
        }
      }
    };
    const scroller = document.scrollingElement ?? document.documentElement;
    window.scrollTo({ top: 0, behavior: "instant" });
    look("as the page opens");
    window.scrollTo({ top: scroller.scrollHeight, behavior: "instant" });
    look("scrolled to the bottom");
    if (docked) {
      const main = document.querySelector("main");
      const last = main ? Math.max(...[...main.children].map((c) => c.getBoundingClientRect().bottom)) : 0;
      if (last > pageBottom + 0.5)
        found.push(`the page ends at ${last} px, behind the dock (${pageBottom} px)`);
    }
    window.scrollTo({ top: 0, behavior: "instant" });
    return found;
  });
}
