import type { RequestHandler } from "express";
import type { Clock } from "../clock.ts";
import { RateLimiter } from "../RateLimiter.ts";
import { returningGuest } from "./authConfig.ts";
import type { TokenSigner } from "./tokens.ts";

/**
 * Mounted on POST /api/auth/callback/guest before Auth.js: a sign-in that would mint a new guest
 * (no valid guest token) takes one from its client address's hourly allowance; over it, 429.
 * A returning guest is never limited. `perHour` 0 turns the limit off.
 */
export function guestMintLimit(deps: { perHour: number; signer: TokenSigner; clock: Clock }): RequestHandler {
  const { perHour, signer, clock } = deps;
  const limiter = new RateLimiter({ capacity: perHour, refillPerSecond: perHour / 3600 });
  return (req, res, next) => {
    const body = (req.body ?? {}) as { guestToken?: unknown };
    if (
      perHour === 0 ||
      returningGuest(signer, body.guestToken, req.headers.cookie, clock.now()) ||
      limiter.take(req.ip ?? "unknown")
    ) {
      next();
      return;
    }
    res.status(429).json({
      error: "TooManyGuests",
      message: `Too many new guests from your address (at most ${perHour} an hour): try again later, or sign in with Discord.`,
    });
  };
}
