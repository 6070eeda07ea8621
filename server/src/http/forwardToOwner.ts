import type { ErrorRequestHandler, Request, RequestHandler, Response } from "express";
import { NotOwnerError } from "../game/Ownership.ts";
import type { ForwardedAnswer, ScaleOut } from "../scale/ScaleOut.ts";
import { sendError } from "./handle.ts";

/**
 * Several nodes (docs/scale-out.md): a signed-in player's request is served here when this node owns the
 * player (or takes it), and otherwise sent on to the owner over Redis and answered with what it answered.
 * A request another node forwarded here is served here, never sent on again. The player is the caller,
 * or, for the bot's calls about one player, the player the path names (`playerOf`).
 */
export function forwardToOwner(
  scale: ScaleOut,
  playerOf: (req: Request, res: Response) => string | undefined = (_req, res) => res.locals.discordId,
): RequestHandler {
  return async (req, res, next) => {
    const discordId = playerOf(req, res);
    if (!discordId || scale.isForwarded(req)) return next();
    try {
      const answer = await scale.forwardHttp(discordId, req);
      if (answer) return send(res, answer);
      // served here: if the player moves under it before its command runs, retryAtOwner sends it on
      res.locals.servedAsOwnerOf = discordId;
      next();
    } catch (error) {
      sendError(res, error, next);
    }
  };
}

/**
 * A request this node began to serve as the player's owner whose lease moved before its command ran
 * (NotOwnerError: a hand-over to a room's owner, a takeover; nothing was applied): sent on to the new owner
 * as forwardToOwner would have, or answered 503 when it cannot be.
 */
export function retryAtOwner(scale: ScaleOut): ErrorRequestHandler {
  return async (error, req, res, next) => {
    const discordId = res.locals.servedAsOwnerOf as string | undefined;
    if (!(error instanceof NotOwnerError) || discordId === undefined || res.headersSent) return next(error);
    res.locals.servedAsOwnerOf = undefined;
    try {
      const answer = await scale.forwardHttp(discordId, req);
      if (!answer) throw error;
      send(res, answer);
    } catch (retryError) {
      sendError(res, retryError, next);
    }
  };
}

function send(res: Response, answer: ForwardedAnswer): void {
  res.status(answer.status);
  if (answer.contentType) res.type(answer.contentType);
  res.send(answer.body);
}
