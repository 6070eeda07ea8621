import { consoleLog, createBot } from "./bot.ts";
import { BotConfigError, loadBotConfig } from "./config.ts";
import { entitlementChanged } from "./entitlements.ts";
import { connectGateway } from "./gateway.ts";
import { handleInteraction } from "./interactions.ts";

/** `npm run bot` (and `npm start` as a child process when DISCORD_BOT_TOKEN is set). */

let config: ReturnType<typeof loadBotConfig>;
try {
  config = loadBotConfig();
} catch (error) {
  if (!(error instanceof BotConfigError)) throw error;
  console.error(`The Discord bot cannot start: ${error.message}\nSee .env.example.`);
  process.exit(1);
}
if (!config) {
  console.log("The Discord bot is off (set DISCORD_BOT_TOKEN and BOT_API_TOKEN to turn it on).");
  process.exit(0);
}

const bot = createBot(config);
const deps = await bot.start();
const running = bot.worker.run(config.pollMs);
// no gateway when the Discord API is a local stub (tests run the outbox and the handlers only)
const gateway =
  process.env.BOT_NO_GATEWAY === "1"
    ? null
    : await connectGateway(
        config.discordToken,
        (payload) => {
          void handleInteraction(payload, deps);
        },
        (payload) => {
          void entitlementChanged(payload, deps);
        },
      );
consoleLog.info("running");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    bot.worker.stop();
    void gateway?.destroy();
    void running.finally(() => process.exit(0));
    setTimeout(() => process.exit(0), 5000).unref();
  });
}
