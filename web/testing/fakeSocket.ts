import { vi } from "vitest";
import { connectSocket } from "../src/api/socket.ts";

type Answer = (payload: unknown) => unknown;

/**
 * The mocked socket.io client of test/setup.ts, connected: `answer(event, fn)` sets what an acknowledged
 * emit resolves to (a thrown error rejects it, as socket.io does on a timeout), `emitted(event)` lists the
 * payloads sent, `status("connect" | "disconnect")` fires the client's own status handlers (`connected`
 * fires "connect" at once).
 */
export async function fakeSocket({ connected = false } = {}) {
  const answers = new Map<string, Answer>();
  const sent: { event: string; payload: unknown }[] = [];
  const s = await connectSocket();
  if (!s) throw new Error("fakeSocket: the page disconnected while connecting");
  // the mocked client is one object for every test: this connection's handlers are the last registered
  const on = vi.mocked(s.on);
  const firstHandler =
    on.mock.calls.length -
    on.mock.calls
      .slice()
      .reverse()
      .findIndex((c) => c[0] === "connect") -
    1;
  vi.mocked(s.emitWithAck).mockImplementation((async (event: string, payload?: unknown) => {
    sent.push({ event, payload });
    const answer = answers.get(event);
    return answer ? answer(payload) : { ok: true };
  }) as never);
  const fire = (name: "connect" | "disconnect") => {
    const calls = on.mock.calls.slice(firstHandler).filter((c) => c[0] === name);
    for (const c of calls) (c[1] as () => void)();
  };
  if (connected) fire("connect");
  return {
    answer(event: string, fn: Answer) {
      answers.set(event, fn);
    },
    emitted(event: string): unknown[] {
      return sent.filter((e) => e.event === event).map((e) => e.payload);
    },
    status: fire,
  };
}
