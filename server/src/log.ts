import { type Logger, pino } from "pino";
import type { Config } from "./config.ts";

export type { Logger };

/** One JSON logger for the process; children add a `component` field. */
export function createLogger(config: Pick<Config, "logLevel">): Logger {
  return pino({
    level: config.logLevel,
    base: { app: "pickle-garden" },
    redact: { paths: ["req.headers.authorization", "req.headers.cookie", "*.authSecret", "*.clientSecret"] },
  });
}
