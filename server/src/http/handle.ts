import { ERROR_CODES, type ErrorBody } from "@pickle-garden/shared";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { ZodError, type z } from "zod";
import { GameError } from "../game/GameError.ts";
import type { Dispatch, PlayerIntentName, PlayerIntents } from "../game/intents.ts";
import { JsonText } from "../game/JsonText.ts";

/**
 * Thin handlers (STYLE.md): one zod parse, one service call, one answer. A bad body is a 400 with a clear
 * message and nothing changes; a GameError becomes its status with `{ error, code }` (and `ok: false` for
 * a rule's rejection); anything else goes to the app's error handler.
 */

export function describeZodError(error: ZodError): string {
  const text = error.issues
    .slice(0, 5)
    .map((i) => `${i.path.length > 0 ? i.path.join(".") : "body"}: ${i.message}`)
    .join("; ");
  return text.length > 400 ? `${text.slice(0, 400)}…` : text;
}

export function sendError(res: Response, error: unknown, next: NextFunction): void {
  if (error instanceof ZodError) {
    const body: ErrorBody = { error: describeZodError(error), code: ERROR_CODES.invalidRequest };
    res.status(400).json(body);
    return;
  }
  if (error instanceof GameError) {
    res.status(error.status).json({ ...(error.body ?? {}), error: error.message, code: error.code });
    return;
  }
  next(error);
}

/**
 * What `res.json(answer)` sends, the same status, headers and bytes, written as one string: Express turns
 * a body over 1000 characters into a Buffer, which Node then writes apart from the headers; a string goes
 * out with the headers in one write. An answer already serialised (JsonText) is written as it is.
 * Anything unusual (a conditional or HEAD request, JSON settings, a status or content type already set,
 * no answer) is left to `res.json`.
 */
export function sendJson(req: Request, res: Response, answer: unknown): void {
  if (
    answer === undefined ||
    req.method === "HEAD" ||
    res.statusCode !== 200 ||
    req.headers["if-none-match"] !== undefined ||
    req.headers["if-modified-since"] !== undefined ||
    res.getHeader("Content-Type") !== undefined ||
    res.getHeader("Transfer-Encoding") !== undefined ||
    req.app.get("json replacer") ||
    req.app.get("json spaces") ||
    req.app.get("json escape") ||
    typeof req.app.get("etag fn") === "function"
  ) {
    res.json(answer);
    return;
  }
  const body = answer instanceof JsonText ? answer.text : JSON.stringify(answer);
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(body));
  res.end(body);
}

export interface CallContext {
  discordId: string;
  req: Request;
}

/** A route whose JSON body is parsed with `schema` before `call` runs. */
export function handle<S extends z.ZodType>(
  schema: S,
  call: (body: z.output<S>, ctx: CallContext) => Promise<unknown> | unknown,
): RequestHandler {
  return async (req, res, next) => {
    try {
      const discordId = res.locals.discordId as string | undefined;
      if (!discordId) throw new GameError(401, ERROR_CODES.unauthenticated, "Sign in first.");
      const answer = await call(schema.parse(req.body), { discordId, req });
      if (req.method === "GET") res.set("cache-control", "no-store");
      sendJson(req, res, answer);
    } catch (error) {
      sendError(res, error, next);
    }
  };
}

/**
 * The route of a player intent (game/intents.ts): its body parsed here with the intent's schema, after
 * this node's session, same-origin and limit checks, then dispatched (here, or at the player's owner with
 * several nodes) and answered here. The player is the caller, or the one `playerOf` names (the bot's calls).
 */
export function intentRoutes(intents: PlayerIntents, dispatch: Dispatch) {
  return (name: PlayerIntentName, playerOf?: (req: Request) => string): RequestHandler =>
    handle(intents[name].schema, (input, c) =>
      dispatch(name, { discordId: playerOf ? playerOf(c.req) : c.discordId }, input),
    );
}

export type IntentRoute = ReturnType<typeof intentRoutes>;
