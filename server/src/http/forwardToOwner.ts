import type { ErrorRequestHandler, RequestHandler, Response } from "express";
import { NotOwnerError } from "../game/Ownership.ts";
import type { ForwardedAnswer, ScaleOut } from "../scale/ScaleOut.ts";
import { sendError } from "./handle.ts";

/**
 * Several nodes (docs/scale-out.md): a signed-in player's request is served here when this node owns the
 * player (or takes it), and otherwise sent on to the owner over Redis and answered with what it answered.
 * A request another node forwarded here is served here, never sent on again.
 */
export function forwardToOwner(scale: ScaleOut): RequestHandler {
  return async (req, res, next) => {
    const discordId = res.locals.discordId as string | undefined;
    if (!discordId || scale.isForwarded(req)) return next();
    try {
      const answer = await scale.forwardHttp(discordId, req);
      if (answer) return send(res, answer);
      // served here: if the player moves under it before its command runs, retryAtOwner sends it on
      res.locals.servedAsOwner = true;
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
    if (!(error instanceof NotOwnerError) || res.locals.servedAsOwner !== true || res.headersSent)
      return next(error);
    res.locals.servedAsOwner = false;
    try {
      const answer = await scale.forwardHttp(res.locals.discordId as string, req);
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
