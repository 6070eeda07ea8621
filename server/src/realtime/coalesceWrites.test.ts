import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { Server } from "socket.io";
import { io as connect } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { coalesceWrites } from "./coalesceWrites.ts";

let close: (() => Promise<void>) | null = null;
afterEach(async () => {
  await close?.();
  close = null;
});

/** Emits ten events to one socket in one turn; answers the TCP writes they took and what the client got. */
async function burst(coalesce: boolean): Promise<{ writes: number; received: number[] }> {
  const http = createServer();
  const io = new Server(http, { transports: ["websocket"] });
  if (coalesce) coalesceWrites(io.engine);
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const client = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
    transports: ["websocket"],
  });
  close = async () => {
    client.close();
    await io.close();
  };
  const [socket] = await new Promise<Parameters<Parameters<typeof io.on>[1]>>((resolve) =>
    io.once("connection", (...args) => resolve(args as never)),
  );
  await new Promise<void>((resolve) => (client.connected ? resolve() : client.once("connect", resolve)));
  const tcp = (socket.conn as unknown as { transport: { socket: { _socket: Duplex } } }).transport.socket
    ._socket as Duplex & { _write: Duplex["_write"]; _writev?: Duplex["_writev"] };
  let writes = 0;
  const write = tcp._write.bind(tcp);
  const writev = tcp._writev?.bind(tcp);
  tcp._write = (...args) => {
    writes++;
    write(...args);
  };
  if (writev) {
    tcp._writev = (...args) => {
      writes++;
      writev(...args);
    };
  }
  const received: number[] = [];
  const all = new Promise<void>((resolve) =>
    client.on("n", (n: number) => {
      received.push(n);
      if (received.length === 10) resolve();
    }),
  );
  for (let n = 0; n < 10; n++) socket.emit("n", n);
  await all;
  return { writes, received };
}

describe("coalesceWrites", () => {
  it("writes a turn's events to a socket in at most two system calls, all delivered in order", async () => {
    const plain = await burst(false);
    const coalesced = await burst(true);
    expect(plain.writes).toBeGreaterThan(5);
    expect(coalesced.writes).toBeLessThanOrEqual(2);
    expect(coalesced.received).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
