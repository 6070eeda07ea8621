import type { ErrorRequestHandler } from "express";
import type { Logger } from "../log.ts";
import { JSON_BODY_LIMIT } from "./middleware.ts";

/** The last handler: malformed and oversized bodies, other client errors, and a logged 500 that says nothing inside. */
export function errorHandler(log: Logger): ErrorRequestHandler {
  return (error, req, res, next) => {
    if (res.headersSent) return next(error);
    const e = error as {
      type?: string;
      status?: number;
      statusCode?: number;
      expose?: boolean;
      message?: string;
    };
    if (e.type === "entity.parse.failed") {
      res.status(400).json({ error: "Malformed JSON", message: "The request body is not valid JSON." });
      return;
    }
    if (e.type === "entity.too.large") {
      res
        .status(413)
        .json({ error: "PayloadTooLarge", message: `The request body is over ${JSON_BODY_LIMIT}.` });
      return;
    }
    const status = e.status ?? e.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      res
        .status(status)
        .json({ error: "BadRequest", message: e.expose && e.message ? e.message : "Bad request." });
      return;
    }
    log.error({ err: error, method: req.method, path: req.path }, "request failed");
    res.status(500).json({ error: "InternalError", message: "Something went wrong on our side." });
  };
}
