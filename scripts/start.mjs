// `npm start`: build the web app when it is missing or older than its sources, then run the server.
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

const run = (cmd, args) => {
  const { status } = spawnSync(cmd, args, { stdio: "inherit", cwd: root });
  if (status !== 0) process.exit(status ?? 1);
};

const newest = (path) => {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat) return 0;
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newest(`${path}/${name}`)));
};

const built = newest(`${root}web/dist/index.html`);
const sources = Math.max(
  newest(`${root}web/src`),
  newest(`${root}web/index.html`),
  newest(`${root}shared/src`),
);
if (built < sources) run("npm", ["run", "build"]);
run(process.execPath, ["--import", "tsx", "server/src/main.ts"]);
