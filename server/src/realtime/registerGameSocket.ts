import {
  CLIENT_EVENT_SCHEMAS,
  type ClientToServerEvents,
  ERROR_CODES,
  type ServerToClientEvents,
  type SocketData,
} from "@pickle-garden/shared";
import type { DefaultEventsMap, Server } from "socket.io";
import type { z } from "zod";
import { ZodError } from "zod";
import type { InstanceUsers } from "../auth/discordApi.ts";
import { GameError } from "../game/GameError.ts";
import type { GameService } from "../game/GameService.ts";
import type { RoomService } from "../game/RoomService.ts";
import { describeZodError } from "../http/handle.ts";
import { InstanceChecks } from "./InstanceChecks.ts";

type GameServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
type AckFn = (answer: unknown) => void;

/**
 * The socket side, thin like the HTTP routes: each client event is parsed with its protocol schema (a bad
 * one gets `{ ok: false, error }` and changes nothing), then one service call, then the acknowledgement.
 * Sockets arrive authenticated (socket.data); a player's own events go to room `player:<discordId>`
 * (SocketTransport). The first socket of a player brings it online, the last one leaving makes it away
 * (GameService) and starts its room's grace period (RoomService).
 */
export function registerGameSocket(
  rawIo: Server,
  service: GameService,
  rooms: RoomService,
  instanceUsers?: InstanceUsers,
): void {
  const io = rawIo as unknown as GameServer;
  const checks = new InstanceChecks(instanceUsers, () => service.clock.now());

  io.on("connection", (socket) => {
    const session = { discordId: socket.data.discordId, instances: socket.data.instances };
    const { discordId } = session;
    void socket.join(`player:${discordId}`);
    rooms.connected(discordId);
    const ready = service.connect(discordId).then(
      () => true,
      (error: unknown) => {
        socket.emit("popup", { type: "info", text: error instanceof Error ? error.message : "No player" });
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

    /** Registers a handler: parse, run, acknowledge; errors become `{ ok: false, error, code }`. */
    const on = <S extends z.ZodType>(
      event: keyof ClientToServerEvents,
      schema: S,
      run: (payload: z.output<S>) => Promise<object | undefined> | object | undefined,
    ) => {
      (socket.on as (e: string, fn: (...args: unknown[]) => void) => void)(event, (...args: unknown[]) => {
        const last = args.at(-1);
        const ack: AckFn = typeof last === "function" ? (last as AckFn) : () => {};
        const raw = typeof last === "function" ? args.slice(0, -1)[0] : args[0];
        void (async () => {
          try {
            if (!(await ready)) throw new GameError(401, ERROR_CODES.unauthenticated, "No player");
            const payload = schema.parse(raw);
            const answer = await run(payload);
            ack({ ok: true, ...(answer ?? {}) });
          } catch (error) {
            if (error instanceof ZodError) {
              service.log.warn({ event, discordId, error: describeZodError(error) }, "bad socket payload");
              ack({ ok: false, error: describeZodError(error), code: ERROR_CODES.invalidRequest });
            } else if (error instanceof GameError) {
              ack({ ok: false, error: error.message, code: error.code });
            } else {
              service.log.error({ err: error, event, discordId }, "socket handler failed");
              ack({ ok: false, error: "Something went wrong on our side.", code: ERROR_CODES.internal });
            }
          }
        })();
      });
    };

    // getRooms answers the bare list (spec shell §7), as the acknowledgement and as roomsList
    (socket.on as (e: string, fn: (...args: unknown[]) => void) => void)("getRooms", (...args: unknown[]) => {
      const last = args.at(-1);
      const list = rooms.list();
      socket.emit("roomsList", list);
      if (typeof last === "function") (last as AckFn)(list);
    });

    on("createRoom", CLIENT_EVENT_SCHEMAS.createRoom, async ({ roomId }) => {
      const answer = await rooms.create(session, roomId);
      socket.emit("roomCreated", answer);
      return answer;
    });

    on("joinGroup", CLIENT_EVENT_SCHEMAS.joinGroup, ({ roomId, player }) => {
      if (player?.discordId !== undefined && player.discordId !== discordId) {
        throw GameError.forbidden("You can only join as yourself");
      }
      return rooms.join(session, roomId);
    });

    on("leaveGroup", CLIENT_EVENT_SCHEMAS.leaveGroup, async ({ roomId, playerId }) => {
      if (playerId !== undefined && playerId !== discordId)
        throw GameError.forbidden("You can only leave yourself");
      await rooms.leaveGroup(discordId, roomId);
      return undefined;
    });

    on("changeLocation", CLIENT_EVENT_SCHEMAS.changeLocation, async ({ roomId, playerId }) => {
      await rooms.refresh(discordId, roomId, playerId);
      return undefined;
    });

    on("chatMessage", CLIENT_EVENT_SCHEMAS.chatMessage, async (m) => ({
      message: await rooms.chat(discordId, m),
    }));

    on("activityParticipants", CLIENT_EVENT_SCHEMAS.activityParticipants, async ({ roomId }) => {
      if (rooms.roomOfPlayer(discordId) !== roomId) throw GameError.forbidden("You are not in that room");
      const answer = await checks.run(roomId, rooms.membersOf(roomId));
      if (answer.verified) for (const id of answer.left) await rooms.leaveGroup(id, roomId);
      return answer;
    });

    socket.on("disconnect", () => {
      void (async () => {
        const others = (await io.in(`player:${discordId}`).fetchSockets()).length;
        if (others === 0) rooms.disconnected(discordId);
        if (await ready) await service.disconnect(discordId);
      })().catch((err: unknown) => service.log.warn({ err, discordId }, "disconnect handling failed"));
    });
  });
}
