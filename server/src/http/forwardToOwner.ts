import type { RequestHandler } from "express";
import type { ScaleOut } from "../scale/ScaleOut.ts";
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
      if (!answer) return next();
      res.status(answer.status);
      if (answer.contentType) res.type(answer.contentType);
      res.send(answer.body);
    } catch (error) {
      sendError(res, error, next);
    }
  };
}
