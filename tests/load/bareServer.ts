import { createServer } from "node:http";
import { Server } from "socket.io";

/**
 * The load test's yardstick (tests/load/load.ts): a bare Socket.IO server on /api/socket that sends
 * BARE_RATE events a second in all, spread over its clients, each a payload of BARE_BYTES with the time
 * it was sent (`at`). No game, no store: what Socket.IO itself costs on this machine.
 */

const rate = Number(process.env.BARE_RATE ?? 1000);
const bytes = Number(process.env.BARE_BYTES ?? 100);
const TICK_MS = 20;

const http = createServer();
const io = new Server(http, { path: "/api/socket", transports: ["websocket"], serveClient: false });
const pad = "x".repeat(Math.max(0, bytes - 40));
let owed = 0;
let next = 0;
setInterval(() => {
  const sockets = [...io.of("/").sockets.values()];
  if (sockets.length === 0) return;
  owed += (rate * TICK_MS) / 1000;
  const n = Math.floor(owed);
  owed -= n;
  const at = Date.now();
  for (let k = 0; k < n; k++) {
    next = (next + 1) % sockets.length;
    sockets[next]?.emit("gatheringNode", { at, pad });
  }
}, TICK_MS);

http.listen(0, "127.0.0.1", () => {
  const address = http.address();
  const port = typeof address === "object" && address ? address.port : 0;
  console.log(`bare listening on http://127.0.0.1:${port}`);
});
process.on("SIGTERM", () => {
  io.close();
  process.exit(0);
});
