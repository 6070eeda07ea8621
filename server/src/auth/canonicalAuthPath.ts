import type { RequestHandler } from "express";

/**
 * Mounted on /api/auth before anything else there: a path Auth.js would read differently from Express
 * is refused with 400. Auth.js parses `new URL(req.originalUrl)`, which resolves `.` and `..` (`%2e`
 * too) and turns `\` into `/`, then drops empty segments; Express matches the path as sent. Without this,
 * `/api/auth//callback/guest` or `/api/auth/x/../callback/guest` reaches Auth.js's guest sign-in while
 * passing by the routes that guard it (the guest limit). Auth.js's own forms and redirects never send
 * such a path.
 */
export const canonicalAuthPath: RequestHandler = (req, res, next) => {
  const sent = req.originalUrl.split("?")[0] ?? "";
  const read = new URL(sent, "http://auth.invalid").pathname.replace(/\/{2,}/g, "/");
  if (read === sent) {
    next();
    return;
  }
  res.status(400).json({
    error: "InvalidPath",
    message: "Send sign-in requests to their plain path (no empty, `.` or `..` segments).",
  });
};
