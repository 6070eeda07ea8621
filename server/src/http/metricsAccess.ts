import { timingSafeEqual } from "node:crypto";
import type { RequestHandler } from "express";

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * GET /metrics is for the operator: `Authorization: Bearer <METRICS_TOKEN>`, or a scrape from this host
 * itself. A request a proxy relayed (X-Forwarded-For, Forwarded) is never local, even when the proxy
 * runs on this host. Otherwise 403.
 */
export function metricsAccess(metricsToken: string | undefined): RequestHandler {
  const expected = metricsToken ? Buffer.from(`Bearer ${metricsToken}`) : null;
  return (req, res, next) => {
    const given = Buffer.from(req.headers.authorization ?? "");
    const tokenOk = expected !== null && given.length === expected.length && timingSafeEqual(given, expected);
    const relayed = req.headers["x-forwarded-for"] !== undefined || req.headers.forwarded !== undefined;
    const local = !relayed && LOOPBACK.has(req.socket.remoteAddress ?? "");
    if (tokenOk || local) {
      next();
      return;
    }
    res.status(403).json({
      error: "MetricsForbidden",
      message: "Metrics answer this host itself, or Authorization: Bearer <METRICS_TOKEN>.",
    });
  };
}
