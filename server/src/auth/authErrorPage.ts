import type { RequestHandler, Response } from "express";

/**
 * Auth.js sends every request it refuses (an unknown provider, a GET on the guest's form callback, a
 * Discord callback without its state) to its error page, which answers 500 for its catch-all code
 * `Configuration`. What got there was a client's request, and any real failure is already in the log
 * (the logger in authConfig): the page answers 400, its text unchanged.
 */
export const authErrorPageIsClientError: RequestHandler = (req, res, next) => {
  if (req.path !== "/error") {
    next();
    return;
  }
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => Response;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    if (status < 500) return writeHead(status, ...rest);
    return writeHead(400, ...(typeof rest[0] === "string" ? ["Bad Request", ...rest.slice(1)] : rest));
  }) as Response["writeHead"];
  next();
};
