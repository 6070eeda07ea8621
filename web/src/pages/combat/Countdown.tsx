import { useEffect, useState } from "react";

/** Whole seconds until a local time, re-rendering once a second (not per frame). */
export function useSecondsUntil(localTarget: number | null): number {
  const calc = () => (localTarget === null ? 0 : Math.max(Math.ceil((localTarget - Date.now()) / 1000), 0));
  const [left, setLeft] = useState(calc);
  // biome-ignore lint/correctness/useExhaustiveDependencies: calc reads localTarget only
  useEffect(() => {
    setLeft(calc());
    if (localTarget === null) return;
    const id = setInterval(() => {
      const l = calc();
      setLeft(l);
      if (l <= 0) clearInterval(id);
    }, 250);
    return () => clearInterval(id);
  }, [localTarget]);
  return left;
}
