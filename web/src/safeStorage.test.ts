import { afterEach, describe, expect, it } from "vitest";
import { safeStorage } from "./safeStorage.ts";

const own = Object.getOwnPropertyDescriptor(window, "localStorage");

/** A browser that refuses storage: reading `window.localStorage` throws, as in a sandboxed frame. */
function refuseStorage(): void {
  Object.defineProperty(window, "localStorage", {
    configurable: true,
    get() {
      throw new DOMException("The document is sandboxed", "SecurityError");
    },
  });
}

afterEach(() => {
  if (own) Object.defineProperty(window, "localStorage", own);
  else Reflect.deleteProperty(window, "localStorage");
});

describe("safe storage", () => {
  it("reads and writes the browser's storage when it is there", () => {
    const storage = safeStorage("localStorage");
    storage.setItem("pg.test", "kept");
    expect(window.localStorage.getItem("pg.test")).toBe("kept");
    expect(storage.getItem("pg.test")).toBe("kept");
    storage.removeItem("pg.test");
    expect(window.localStorage.getItem("pg.test")).toBeNull();
  });

  it("never throws where the browser refuses storage, and keeps this page's writes in memory", () => {
    refuseStorage();
    expect(() => window.localStorage).toThrow();
    const storage = safeStorage("localStorage");
    expect(storage.getItem("pg.language")).toBeNull();
    storage.setItem("pg.language", "fr");
    expect(storage.getItem("pg.language")).toBe("fr");
    storage.removeItem("pg.language");
    expect(storage.getItem("pg.language")).toBeNull();
  });

  it("a write the browser refuses (quota) is read back from memory, a later accepted one wins", () => {
    const storage = safeStorage("localStorage");
    const setItem = Storage.prototype.setItem;
    Storage.prototype.setItem = () => {
      throw new DOMException("quota", "QuotaExceededError");
    };
    try {
      storage.setItem("pg.theme", "light");
    } finally {
      Storage.prototype.setItem = setItem;
    }
    expect(storage.getItem("pg.theme")).toBe("light");
    storage.setItem("pg.theme", "dark");
    expect(window.localStorage.getItem("pg.theme")).toBe("dark");
    expect(storage.getItem("pg.theme")).toBe("dark");
  });
});
