import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";

/** The browser suites need the built web app the server serves. */
export default function globalSetup(): void {
  execFileSync("npm", ["run", "build"], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    stdio: "inherit",
  });
}
