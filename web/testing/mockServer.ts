import { vi } from "vitest";

/** A fetch stub answering by "METHOD /path"; records every call. */
export type Handler = (req: { url: URL; method: string; body: string; headers: Headers }) => unknown;

export interface MockServer {
  calls: { method: string; path: string; body: string; headers: Headers }[];
  on(route: string, handler: Handler | unknown): void;
}

export function mockServer(): MockServer {
  const routes = new Map<string, Handler>();
  const calls: MockServer["calls"] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), "http://localhost");
      const method = (init.method ?? "GET").toUpperCase();
      const body = init.body ? String(init.body) : "";
      const headers = new Headers(init.headers);
      calls.push({ method, path: url.pathname, body, headers });
      const handler = routes.get(`${method} ${url.pathname}`);
      if (!handler)
        return new Response(JSON.stringify({ error: "not found" }), { status: 404, headers: json });
      const out = handler({ url, method, body, headers });
      if (out instanceof Response) return out;
      return new Response(JSON.stringify(out ?? null), { status: 200, headers: json });
    }),
  );
  return {
    calls,
    on(route, handler) {
      routes.set(route, typeof handler === "function" ? (handler as Handler) : () => handler);
    },
  };
}
const json = { "content-type": "application/json" };
