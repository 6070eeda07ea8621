import type { RequestHandler } from "express";
import type { Clock } from "../clock.ts";
import { addressKey } from "../limits/addressKey.ts";
import type { Limiter } from "../limits/Limiter.ts";
import { refuseTooMany } from "../limits/refuseTooMany.ts";
import type { Logger } from "../log.ts";
import { returningGuest } from "./authConfig.ts";
import type { TokenSigner } from "./tokens.ts";

/**
 * Mounted on POST /api/auth/callback/guest before Auth.js: a sign-in that would mint a new guest
 * (no valid guest token) counts against its client address's hour (the website's guests have their own
 * addresses; the Activity never mints guests); over `perHour`, 429. A returning guest is never limited.
 * `perHour` 0 turns the limit off. The limiter counts in Redis when it is set: one count across nodes.
 */
export function guestMintLimit(deps: {
  perHour: number;
  limiter: Limiter;
  signer: TokenSigner;
  clock: Clock;
  log: Logger;
}): RequestHandler {
  const { perHour, limiter, signer, clock, log } = deps;
  return (req, res, next) => {
    const body = (req.body ?? {}) as { guestToken?: unknown };
    if (perHour === 0 || returningGuest(signer, body.guestToken, req.headers.cookie, clock.now())) {
      next();
      return;
    }
    limiter.hit(addressKey(req.ip)).then(
      (count) =>
        count.count <= perHour
          ? next()
          : refuseTooMany(res, count, {
              error: "TooManyGuests",
              message: `Too many new guests from your address (at most ${perHour} an hour): try again later, or sign in with Discord.`,
            }),
      (err: unknown) => {
        log.warn({ err }, "the guest sign-in limit could not be counted: the sign-in passes");
        next();
      },
    );
  };
}
