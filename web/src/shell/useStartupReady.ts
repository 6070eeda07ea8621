import { useEffect, useState } from "react";
import { useOfflineStore } from "../stores/offlineStore.ts";

/**
 * Spec §4 Offline: on return after 2 s or more away the offline sync runs, then its modal shows, and the
 * main start-up (socket, tutorial auto-open, panels) resumes only after the modal closes. True once the
 * offline store has reached 'done'; it stays true for this shell, so a later sync on return to the tab
 * does not tear the started app down again.
 */
export function useStartupReady(): boolean {
  const done = useOfflineStore((s) => s.status === "done");
  const [started, setStarted] = useState(done);
  useEffect(() => {
    if (done) setStarted(true);
  }, [done]);
  return started || done;
}
