import type { RequestHandler } from "express";
import helmet, { type HelmetOptions } from "helmet";

/**
 * helmet's headers, computed once: helmet runs a dozen small middlewares per request; with static
 * options their output never changes, so we record it at start-up and replay it (same headers,
 * a fraction of the cost on the hot API path).
 */
export function securityHeaders(options: Readonly<HelmetOptions>): RequestHandler {
  const headers: [string, string][] = [];
  const fakeRes = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.push([name, String(value)]);
    },
    removeHeader() {},
    getHeader() {
      return undefined;
    },
  };
  let synchronous = false;
  helmet(options)({} as never, fakeRes as never, () => {
    synchronous = true;
  });
  if (!synchronous) return helmet(options); // options that need the request: run helmet itself
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    res.removeHeader("X-Powered-By");
    next();
  };
}
