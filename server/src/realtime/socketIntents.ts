import { CLIENT_EVENT_SCHEMAS, INTENTS, isIntentName } from "@pickle-garden/shared";
import { z } from "zod";
import type { InstanceUsers } from "../auth/discordApi.ts";
import { GameError } from "../game/GameError.ts";
import type { GameService } from "../game/GameService.ts";
import { type Intent, intent } from "../game/intents.ts";
import type { RoomService } from "../game/RoomService.ts";
import { runIntent } from "../game/runIntent.ts";
import { InstanceChecks } from "./InstanceChecks.ts";

/**
 * What each client socket event does, apart from the socket it came on: its schema and one service call
 * for the session. The socket layer runs them for its own sockets; with several nodes the player's owner
 * runs them for sockets connected elsewhere (docs/scale-out.md). `connect` and `disconnect` (a socket of
 * the player arrived or left) and `adopt` (a node takes the player over from a dead one) are the server's.
 */

export type SocketIntent = Intent<object | undefined>;

export type SocketIntents = Readonly<Record<string, SocketIntent>>;

/** Open sockets of a player on every node (the Socket.IO room `player:<id>`, through the adapter). */
export type SocketsOf = (discordId: string) => Promise<number>;

const nothing = z.unknown();

/** The socket's `intent` event: the name of an intent of shared's table, and its input parsed with its entry's schema. */
const IntentMessageSchema = CLIENT_EVENT_SCHEMAS.intent.transform((message, ctx) => {
  const { name } = message;
  if (!isIntentName(name)) {
    ctx.addIssue({ code: "custom", path: ["name"], message: `Unknown intent ${name}` });
    return z.NEVER;
  }
  const input = INTENTS[name].input.safeParse(message.input);
  if (!input.success) {
    for (const issue of input.error.issues) ctx.addIssue({ ...issue, path: ["input", ...issue.path] });
    return z.NEVER;
  }
  return { name, input: input.data as unknown };
});

export function socketIntents(
  service: GameService,
  rooms: RoomService,
  socketsOf: SocketsOf,
  instanceUsers?: InstanceUsers,
): SocketIntents {
  const checks = new InstanceChecks(instanceUsers, () => service.clock.now());
  return {
    connect: intent(nothing, async ({ discordId }) => {
      rooms.connected(discordId);
      await service.connect(discordId);
      return undefined;
    }),
    disconnect: intent(nothing, async ({ discordId }) => {
      // a count that fails (another node slow to answer) keeps the membership until the next disconnect
      if ((await socketsOf(discordId).catch(() => -1)) === 0) rooms.disconnected(discordId);
      await service.disconnect(discordId);
      return undefined;
    }),
    adopt: intent(nothing, async ({ discordId }) => ({ roomId: await rooms.restore(discordId) })),

    createRoom: intent(CLIENT_EVENT_SCHEMAS.createRoom, (session, { roomId }) =>
      rooms.create(session, roomId),
    ),

    joinGroup: intent(CLIENT_EVENT_SCHEMAS.joinGroup, (session, { roomId, player }) => {
      if (player?.discordId !== undefined && player.discordId !== session.discordId) {
        throw GameError.forbidden("You can only join as yourself");
      }
      return rooms.join(session, roomId);
    }),

    leaveGroup: intent(CLIENT_EVENT_SCHEMAS.leaveGroup, async ({ discordId }, { roomId, playerId }) => {
      if (playerId !== undefined && playerId !== discordId)
        throw GameError.forbidden("You can only leave yourself");
      await rooms.leaveGroup(discordId, roomId);
      return undefined;
    }),

    changeLocation: intent(
      CLIENT_EVENT_SCHEMAS.changeLocation,
      async ({ discordId }, { roomId, playerId }) => {
        await rooms.refresh(discordId, roomId, playerId);
        return undefined;
      },
    ),

    challengeBoss: intent(CLIENT_EVENT_SCHEMAS.challengeBoss, async ({ discordId }, { roomId, bossId }) => {
      await rooms.challengeBoss(discordId, roomId, bossId);
      return undefined;
    }),

    chatMessage: intent(CLIENT_EVENT_SCHEMAS.chatMessage, async ({ discordId }, m) => ({
      message: await rooms.chat(discordId, m),
    })),

    intent: intent(IntentMessageSchema, ({ discordId }, { name, input }) =>
      runIntent(service, name, discordId, input),
    ),

    activityParticipants: intent(
      CLIENT_EVENT_SCHEMAS.activityParticipants,
      async ({ discordId }, { roomId }) => {
        if (rooms.roomOfPlayer(discordId) !== roomId) throw GameError.forbidden("You are not in that room");
        const answer = await checks.run(roomId, rooms.membersOf(roomId));
        if (answer.verified) for (const id of answer.left) await rooms.leaveGroup(id, roomId);
        return answer;
      },
    ),
  };
}
