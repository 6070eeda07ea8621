import type { Request, RequestHandler } from "express";
import type { SessionResolver } from "../auth/requireSession.ts";
import { addressKey } from "../limits/addressKey.ts";
import type { Limiter } from "../limits/Limiter.ts";
import { refuseTooMany } from "../limits/refuseTooMany.ts";
import type { Logger } from "../log.ts";

export const TOO_MANY_WRITES = {
  error: "TooManyRequests",
  message: "Too many requests: slow down and try again shortly.",
} as const;

/**
 * The write limit (RATE_LIMIT_WRITES per RATE_LIMIT_WINDOW_MS): a write counts against the signed-in
 * player who sends it (bearer token or session cookie, verified), and against its client address only
 * when anonymous. Discord's proxy sends every Activity player's requests from Discord's own addresses,
 * so a limit per address would be one allowance for all of them. `skip`: requests counted elsewhere.
 * When the limiter cannot answer (Redis away), the write passes and the log says so.
 */
export function writeLimit(deps: {
  limiter: Limiter;
  max: number;
  sessions: SessionResolver;
  log: Logger;
  skip: (req: Request) => boolean;
}): RequestHandler {
  const { limiter, max, sessions, log, skip } = deps;
  const keyOf = async (req: Request) => {
    const known = sessions.known(req.headers);
    const identity = known !== undefined ? known : await sessions.resolve(req.headers, req.protocol);
    return identity ? `player:${identity.discordId}` : addressKey(req.ip);
  };
  return (req, res, next) => {
    if (skip(req)) {
      next();
      return;
    }
    keyOf(req)
      .then((key) => limiter.hit(key))
      .then(
        (count) => (count.count > max ? refuseTooMany(res, count, TOO_MANY_WRITES) : next()),
        (err: unknown) => {
          log.warn({ err }, "the write limit could not be counted: the write passes");
          next();
        },
      );
  };
}
