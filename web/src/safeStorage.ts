/**
 * The browser's storage, for a browser that may refuse it: in a sandboxed frame (Discord's, with
 * third-party storage blocked) or in private mode, merely reading `window.localStorage` throws, and a
 * write can throw when the quota is gone. Every access of the web app and the activity goes through
 * here: nothing ever throws, and what the browser refused to keep is kept in memory for this page.
 */

export interface SafeStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

type StorageKind = "localStorage" | "sessionStorage";

function browserStorage(kind: StorageKind): Storage | null {
  try {
    return typeof window === "undefined" ? null : window[kind];
  } catch {
    return null;
  }
}

export function safeStorage(kind: StorageKind): SafeStorage {
  // the writes the browser refused, newest first in line for reads
  const refused = new Map<string, string>();
  return {
    getItem(key) {
      const kept = refused.get(key);
      if (kept !== undefined) return kept;
      try {
        return browserStorage(kind)?.getItem(key) ?? null;
      } catch {
        return null;
      }
    },
    setItem(key, value) {
      try {
        const storage = browserStorage(kind);
        if (!storage) throw new Error(`${kind} unavailable`);
        storage.setItem(key, value);
        refused.delete(key);
      } catch {
        refused.set(key, value);
      }
    },
    removeItem(key) {
      refused.delete(key);
      try {
        browserStorage(kind)?.removeItem(key);
      } catch {
        /* nothing kept there to remove */
      }
    },
  };
}

/** This browser's localStorage, never throwing. */
export const safeLocalStorage: SafeStorage = safeStorage("localStorage");
/** This tab's sessionStorage, never throwing. */
export const safeSessionStorage: SafeStorage = safeStorage("sessionStorage");
