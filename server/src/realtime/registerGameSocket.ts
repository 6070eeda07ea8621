import {
  CHAT_HISTORY,
  type ChatMessageOut,
  CLIENT_EVENT_SCHEMAS,
  type ClientToServerEvents,
  ERROR_CODES,
  type ServerToClientEvents,
  type SocketData,
} from "@pickle-garden/shared";
import type { DefaultEventsMap, Server, Socket } from "socket.io";
import type { z } from "zod";
import { ZodError } from "zod";
import { GameError } from "../game/GameError.ts";
import type { GameService } from "../game/GameService.ts";
import { groupPlayer, Rooms } from "../game/Rooms.ts";
import { describeZodError } from "../http/handle.ts";
import { RateLimiter } from "./RateLimiter.ts";

type GameServer = Server<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
type GameSocket = Socket<ClientToServerEvents, ServerToClientEvents, DefaultEventsMap, SocketData>;
type AckFn = (answer: unknown) => void;

/**
 * The socket side of the Master, thin like the HTTP routes: each client event is parsed with its protocol
 * schema (a bad one gets `{ ok: false, error }` and changes nothing), then one service call. Sockets
 * arrive authenticated (socket.data.discordId); a player's own events go to room `player:<discordId>`.
 * The first socket of a player brings it online, the last one leaving makes it away (GameService).
 */
export function registerGameSocket(rawIo: Server, service: GameService): void {
  const io = rawIo as unknown as GameServer;
  const rooms = new Rooms();
  const chatLimiter = new RateLimiter({ capacity: 5, refillPerSecond: 1 });

  service.attachTransport({
    emit: (discordId, event, payload) => {
      (io.to(`player:${discordId}`).emit as (e: string, p: unknown) => void)(event, payload);
    },
  });

  const broadcastGroup = async (roomId: string) => {
    const players = [];
    for (const id of rooms.membersOf(roomId)) {
      try {
        players.push(groupPlayer(await service.view(id)));
      } catch {
        // a member that cannot be loaded is left out of the list
      }
    }
    io.to(`room:${roomId}`).emit("groupUpdate", { roomId, players });
  };

  const postChat = async (channel: string, message: ChatMessageOut) => {
    await service.store.appendChat(channel, message, CHAT_HISTORY);
  };

  const sendHistory = async (socket: GameSocket, channel: string) => {
    const messages = await service.store.recentChat(channel, CHAT_HISTORY);
    socket.emit("chatHistory", { channel, messages });
  };

  io.on("connection", (socket) => {
    const discordId = socket.data.discordId;
    void socket.join(`player:${discordId}`);
    const ready = service.connect(discordId).then(
      () => true,
      (error: unknown) => {
        socket.emit("popup", { type: "info", text: error instanceof Error ? error.message : "No player" });
        socket.disconnect(true);
        return false;
      },
    );
    void ready.then((ok) => (ok ? sendHistory(socket, "global") : undefined)).catch(() => undefined);

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

    (socket.on as (e: string, fn: (...args: unknown[]) => void) => void)("getRooms", (...args: unknown[]) => {
      const last = args.at(-1);
      // an activity's room is private to its instance
      const list = rooms.list().filter((id) => !id.startsWith("discord:"));
      socket.emit("roomsList", list);
      if (typeof last === "function") (last as AckFn)(list);
    });

    on("createRoom", CLIENT_EVENT_SCHEMAS.createRoom, async ({ roomId }) => {
      await requireRoomAccess(service, socket.data, roomId);
      rooms.create(roomId);
      socket.emit("roomCreated", { roomId });
      return { roomId };
    });

    on("joinGroup", CLIENT_EVENT_SCHEMAS.joinGroup, async ({ roomId, player }) => {
      if (player?.discordId !== undefined && player.discordId !== discordId) {
        throw GameError.forbidden("You can only join as yourself");
      }
      await requireRoomAccess(service, socket.data, roomId);
      const left = rooms.join(roomId, discordId);
      if (left) {
        await socket.leave(`room:${left}`);
        await broadcastGroup(left);
      }
      await socket.join(`room:${roomId}`);
      await broadcastGroup(roomId);
      await sendHistory(socket, `party:${roomId}`);
      const players = [];
      for (const id of rooms.membersOf(roomId)) players.push(groupPlayer(await service.view(id)));
      return { roomId, players };
    });

    const leave = async () => {
      const roomId = rooms.leave(discordId);
      if (roomId) {
        await socket.leave(`room:${roomId}`);
        await broadcastGroup(roomId);
      }
      return undefined;
    };
    on("leaveGroup", CLIENT_EVENT_SCHEMAS.leaveGroup, leave);
    on("changeLocation", CLIENT_EVENT_SCHEMAS.changeLocation, leave);

    on("updatePlayer", CLIENT_EVENT_SCHEMAS.updatePlayer, async ({ roomId }) => {
      if (rooms.roomOfPlayer(discordId) !== roomId) throw GameError.forbidden("You are not in that room");
      await broadcastGroup(roomId);
      return undefined;
    });

    on("chatMessage", CLIENT_EVENT_SCHEMAS.chatMessage, async (m) => {
      if (!chatLimiter.take(discordId)) {
        throw new GameError(429, ERROR_CODES.rateLimited, "You are sending messages too fast");
      }
      const { username } = await service.read(discordId, (p) => ({ username: p.username }));
      const message: ChatMessageOut = {
        username,
        text: m.text,
        type: m.type,
        timestamp: service.clock.now(),
        discordId,
      };
      if (m.type === "party") {
        const roomId = rooms.roomOfPlayer(discordId);
        if (!roomId) throw GameError.badRequest("Join a group to use party chat");
        message.roomId = roomId;
        await postChat(`party:${roomId}`, message);
        io.to(`room:${roomId}`).emit("chatMessage", message);
      } else if (m.type === "global") {
        await postChat("global", message);
        io.emit("chatMessage", message);
      } else {
        // logs are the player's own feed: echoed back, never broadcast
        socket.emit("chatMessage", message);
      }
      return { message };
    });

    socket.on("disconnect", () => {
      void (async () => {
        const others = (await io.in(`player:${discordId}`).fetchSockets()).length;
        if (others === 0) await leave();
        if (await ready) await service.disconnect(discordId);
      })().catch((err: unknown) => service.log.warn({ err, discordId }, "disconnect handling failed"));
    });
  });
}

/**
 * Web rooms need the multiplayer lab unlock; an activity's `discord:<instance>` room only the sessions
 * granted that instance at the token exchange (their bearer token's `instances`).
 */
async function requireRoomAccess(service: GameService, session: SocketData, roomId: string): Promise<void> {
  if (roomId.startsWith("discord:")) {
    if (!session.instances.includes(roomId)) {
      throw GameError.forbidden("This room belongs to a Discord activity you have not joined");
    }
    return;
  }
  const allowed = await service.read(session.discordId, (p) => p.featureFlags.multiplayer === true);
  if (!allowed) throw GameError.forbidden("Unlock multiplayer in the lab to host or join rooms");
}
