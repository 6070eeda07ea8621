// `npm start`: build the web app and the activity (one build) when missing or older than their sources,
// then run the server, and the Discord bot beside it as a child process when DISCORD_BOT_TOKEN is set.
import { spawn, spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import serverNodeFlags from "../server/nodeFlags.json" with { type: "json" };

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
  newest(`${root}web/activity.html`),
  newest(`${root}activity/src`),
  newest(`${root}shared/src`),
);
if (built < sources) run("npm", ["run", "build"]);

const start = (file, flags = []) =>
  spawn(process.execPath, [...flags, "--import", "tsx", file], { stdio: "inherit", cwd: root });
// the server's young generation is enlarged (server/nodeFlags.json, docs/load.md "A young generation of 64 MB")
const server = start("server/src/main.ts", serverNodeFlags);
const bot = process.env.DISCORD_BOT_TOKEN?.trim() ? start("bot/src/main.ts") : null;
if (!bot) console.log("The Discord bot is off (set DISCORD_BOT_TOKEN and BOT_API_TOKEN to turn it on).");

// the bot stopping (a bad token, a missing BOT_API_TOKEN) leaves the game running; the server stopping ends both
bot?.on("exit", (code) => {
  if (code) console.error(`The Discord bot stopped (exit code ${code}); the game keeps running.`);
});
server.on("exit", (code, signal) => {
  bot?.kill("SIGTERM");
  process.exit(code ?? (signal ? 1 : 0));
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    server.kill(signal);
    bot?.kill(signal);
  });
}
