import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The browser suites need the built web app the server serves. Each run builds its own copy and its
 * servers serve that one (WEB_DIST, read by startServer's children): a build made meanwhile by another
 * run in the same checkout would otherwise replace web/dist, and a page's lazy chunk would be gone.
 */
export default function globalSetup(): () => void {
  const webDist = mkdtempSync(join(tmpdir(), "pickle-web-"));
  execFileSync(
    "npm",
    ["run", "build", "-w", "@pickle-garden/web", "--", "--outDir", webDist, "--emptyOutDir"],
    {
      cwd: fileURLToPath(new URL("../..", import.meta.url)),
      stdio: "inherit",
    },
  );
  process.env.WEB_DIST = webDist;
  return () => rmSync(webDist, { recursive: true, force: true });
}
