import { createServer } from "./app.ts";
import { ConfigError, loadConfig } from "./config.ts";

/** `npm start` / `tsx server/src/main.ts`: parse the environment, assemble, listen, shut down cleanly. */

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`Pickle Garden cannot start.\n${error.message}\nSee .env.example for every variable.`);
    process.exit(1);
  }
  throw error;
}

let server: Awaited<ReturnType<typeof createServer>>;
try {
  server = await createServer(config);
} catch (error) {
  console.error(`Pickle Garden cannot start: ${(error as Error).message}`);
  process.exit(1);
}
const { httpServer, log } = server;

httpServer.on("error", (error) => {
  log.fatal({ err: error }, "http server error");
  process.exit(1);
});
httpServer.listen(config.port, config.host, () => {
  const address = httpServer.address();
  const port = typeof address === "object" && address ? address.port : config.port;
  // tests/support/startServer.ts waits for this exact line, whatever LOG_LEVEL says
  console.log(`Pickle Garden listening on http://localhost:${port}`);
  log.info({ port, store: config.mongodbUri ? "mongodb" : "sqlite", dataDir: config.dataDir }, "listening");
});

let stopping = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, "shutting down: no new work, flushing players, closing the store");
    const timeout = setTimeout(() => {
      log.error("shutdown took more than 10 s; exiting anyway");
      process.exit(1);
    }, 10_000);
    timeout.unref();
    server.close().then(
      () => {
        log.info("stopped cleanly");
        process.exit(0);
      },
      (error: unknown) => {
        log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  });
}
