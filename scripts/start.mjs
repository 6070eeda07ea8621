// `npm start`: build the web app when it has not been built yet, then run the server.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (cmd, args) => {
  const { status } = spawnSync(cmd, args, { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
};

if (!existsSync(new URL("../web/dist/index.html", import.meta.url))) {
  run("npm", ["run", "build"]);
}
run("npx", ["tsx", "server/src/main.ts"]);
