import {
  type AckError,
  type ClientToServerEvents,
  ERROR_CODES,
  type ServerToClientEvents,
  type SocketData,
} from "@pickle-garden/shared";
import type { DefaultEventsMap, Server } from "socket.io";
import { ZodError } from "zod";
import { GameError } from "../game/GameError.ts";
import type { GameService } from "../game/GameService.ts";
import type { GameLog } from "../game/GameServiceDeps.ts";
import type { RoomService, RoomSession } from "../game/RoomService.ts";
import { describeZodError } from "../http/handle.ts";
import type { SocketIntents } from "./socketIntents.ts";

type GameServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
type AckFn = (answer: unknown) => void;

/**
 * The acknowledgement of a refused event (AckError): its code, and for a payload that did not parse the
 * fields that did not. The server's words go to its log only.
 */
function ackError(error: unknown, log: GameLog, at: { event: string; discordId: string }): AckError {
  if (error instanceof ZodError) {
    log.warn({ ...at, error: describeZodError(error) }, "bad socket payload");
    const fields = [...new Set(error.issues.map((i) => i.path.join(".") || "payload"))].slice(0, 5);
    return { ok: false, code: ERROR_CODES.invalidRequest, data: { fields } };
  }
  if (error instanceof GameError) return { ok: false, code: error.code };
  log.error({ ...at, err: error }, "socket handler failed");
  return { ok: false, code: ERROR_CODES.internal };
}

/** Runs a parsed socket intent: here, or at the player's owner when several nodes share the game. */
export type DispatchIntent = (
  event: string,
  session: RoomSession,
  payload: unknown,
) => Promise<object | undefined>;

/**
 * The socket side, thin like the HTTP routes: each client event is parsed with its protocol schema (a bad
 * one gets `{ ok: false, code }` and changes nothing), then its intent (socketIntents.ts) is dispatched,
 * then the acknowledgement. Sockets arrive authenticated (socket.data); a player's own events go to room
 * `player:<discordId>` (SocketTransport). The first socket of a player brings it online, the last one
 * leaving makes it away (GameService) and starts its room's grace period (RoomService).
 */
export function registerGameSocket(
  rawIo: Server,
  service: GameService,
  rooms: RoomService,
  intents: SocketIntents,
  dispatch: DispatchIntent,
): void {
  const io = rawIo as unknown as GameServer;

  io.on("connection", (socket) => {
    const session = { discordId: socket.data.discordId, instances: socket.data.instances };
    const { discordId } = session;
    void socket.join(`player:${discordId}`);
    const ready = dispatch("connect", session, undefined).then(
      () => true,
      (error: unknown) => {
        socket.emit("popup", {
          type: "info",
          code: error instanceof GameError ? error.code : ERROR_CODES.unauthenticated,
        });
        socket.disconnect(true);
        return false;
      },
    );
    void ready
      .then(async (ok) => {
        if (!ok) return;
        socket.emit("chatHistory", { channel: "global", messages: await rooms.globalHistory() });
        socket.emit("chatHistory", { channel: "logs", messages: await service.logs.history(discordId) });
      })
      .catch(() => undefined);

    /** Registers an event: parse, dispatch, acknowledge; errors become `{ ok: false, code, data? }` (AckError). */
    const on = (event: keyof ClientToServerEvents, after?: (answer: object | undefined) => void) => {
      const intent = intents[event];
      if (!intent) throw new Error(`no intent for ${event}`);
      (socket.on as (e: string, fn: (...args: unknown[]) => void) => void)(event, (...args: unknown[]) => {
        const last = args.at(-1);
        const ack: AckFn = typeof last === "function" ? (last as AckFn) : () => {};
        const raw = typeof last === "function" ? args.slice(0, -1)[0] : args[0];
        void (async () => {
          try {
            if (!(await ready)) throw new GameError(401, ERROR_CODES.unauthenticated, "No player");
            const answer = await dispatch(event, session, intent.schema.parse(raw));
            after?.(answer);
            ack({ ok: true, ...(answer ?? {}) });
          } catch (error) {
            ack(ackError(error, service.log, { event, discordId }));
          }
        })();
      });
    };

    // getRooms answers the bare list (spec shell §7), as the acknowledgement and as roomsList
    (socket.on as (e: string, fn: (...args: unknown[]) => void) => void)("getRooms", (...args: unknown[]) => {
      const last = args.at(-1);
      void rooms.list().then(
        (list) => {
          socket.emit("roomsList", list);
          if (typeof last === "function") (last as AckFn)(list);
        },
        (err: unknown) => {
          service.log.warn({ err, discordId }, "listing the rooms failed");
          if (typeof last === "function") (last as AckFn)([]);
        },
      );
    });

    on("createRoom", (answer) => socket.emit("roomCreated", answer as { roomId: string }));
    on("joinGroup");
    on("leaveGroup");
    on("changeLocation");
    on("challengeBoss");
    on("chatMessage");
    on("activityParticipants");
    on("intent");

    socket.on("disconnect", () => {
      void (async () => {
        if (await ready) await dispatch("disconnect", session, undefined);
      })().catch((err: unknown) => service.log.warn({ err, discordId }, "disconnect handling failed"));
    });
  });
}
