import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { loadFrench, loadGameTexts } from "../src/i18n/index.ts";

// both languages in from the start, as English is in the page: a test switches without waiting
await Promise.all([loadGameTexts(), loadFrench()]);

// no real connections from component tests: a socket that never connects
vi.mock("socket.io-client", () => {
  const socket = {
    connected: false,
    active: false,
    on: vi.fn(),
    onAny: vi.fn(),
    emit: vi.fn(),
    emitWithAck: vi.fn(async () => ({ ok: true })),
    connect: vi.fn(),
    disconnect: vi.fn(),
    removeAllListeners: vi.fn(),
  };
  return { io: vi.fn(() => socket) };
});

// no real network either: every call answers 404 unless a test installs mockServer()
beforeEach(() => {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify({ error: "not found" }), {
          status: 404,
          headers: { "content-type": "application/json" },
        }),
    ),
  );
});

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  vi.unstubAllGlobals();
});
