import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatClock } from "../format.ts";
import { ClockIcon } from "../icons/ui.tsx";
import { resyncServerTime, serverNow, useServerTimeStore } from "../stores/serverTimeStore.ts";

export const CLOCK_RESYNC_MS = 60_000;

/** Server clock, ticking each second on the second, resynced every minute and on focus (spec §2). */
export function ServerClock() {
  const { t } = useTranslation("shell");
  // re-render on a resync too, so a jump of the server's clock (test clock) shows at once
  useServerTimeStore((s) => s.offsetMs);
  const [now, setNow] = useState(serverNow);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout>;
    const tick = () => {
      const n = serverNow();
      setNow(n);
      timer = setTimeout(tick, 1000 - (n % 1000) + 5);
    };
    tick();
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    void resyncServerTime();
    const id = setInterval(() => void resyncServerTime(), CLOCK_RESYNC_MS);
    const onFocus = () => void resyncServerTime();
    window.addEventListener("focus", onFocus);
    return () => {
      clearInterval(id);
      window.removeEventListener("focus", onFocus);
    };
  }, []);

  return (
    <span className="pg-chip pg-chip--muted" title={t("topbar.serverClock")}>
      <ClockIcon size={16} />
      <span className="pg-visually-hidden">{t("topbar.serverClock")}: </span>
      <time dateTime={new Date(now).toISOString()} data-testid="server-clock">
        {formatClock(now)}
      </time>
    </span>
  );
}
