import { existsSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import express, { type Express, type Request } from "express";

export const DEFAULT_WEB_DIST = fileURLToPath(new URL("../../../web/dist", import.meta.url));

/**
 * The built single-page app: its files, then index.html (or activity.html) for every other GET. The
 * build names every file under assets/ by its content: those are kept for a year; any other file keeps
 * its name from build to build, so a browser (or Discord's proxy) asks again each time (ETag).
 */
export function serveWebApp(app: Express, webDist: string): void {
  const hashed = join(webDist, "assets", "/");
  app.use(
    express.static(webDist, {
      index: false,
      setHeaders(res, file) {
        res.setHeader(
          "cache-control",
          file.startsWith(hashed) ? "public, max-age=31536000, immutable" : "no-cache",
        );
      },
    }),
  );
  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const index = join(webDist, isActivityLaunch(req) ? "activity.html" : "index.html");
    if (!existsSync(index)) {
      res
        .status(404)
        .type("text/plain")
        .send("The web app is not built: run `npm run build` (npm start does it).");
      return;
    }
    res.set("cache-control", "no-cache").sendFile(index);
  });
}

/**
 * The Discord Activity's page instead of the website's (DESIGN §6): Discord launches the URL mapped to `/`
 * with `frame_id` (and `instance_id`, `platform`) in the query; `/activity` runs it with the SDK's mock.
 */
export function isActivityLaunch(req: Request): boolean {
  if (req.path === "/activity" || req.path.startsWith("/activity/")) return true;
  return req.path === "/" && typeof req.query.frame_id === "string";
}
