import type { ActivityParticipantsAnswer } from "@pickle-garden/shared";
import type { InstanceUsers } from "../auth/discordApi.ts";

/**
 * Who of an activity room's members has left the Discord activity, asked of Discord itself (a client's
 * word is only the reason to ask): at most one question per room every COOLDOWN_MS, so members' clients
 * all reporting the same participants update cost one call.
 */
export const INSTANCE_CHECK_COOLDOWN_MS = 2000;

export class InstanceChecks {
  private readonly lastAsked = new Map<string, number>();

  constructor(
    private readonly instanceUsers: InstanceUsers | undefined,
    private readonly now: () => number,
  ) {}

  async run(roomId: string, members: readonly string[]): Promise<ActivityParticipantsAnswer> {
    if (!this.instanceUsers) return { verified: false };
    const now = this.now();
    if (now - (this.lastAsked.get(roomId) ?? Number.NEGATIVE_INFINITY) < INSTANCE_CHECK_COOLDOWN_MS) {
      return { verified: false };
    }
    this.lastAsked.set(roomId, now);
    if (this.lastAsked.size > 10_000) this.lastAsked.clear();
    let users: string[];
    try {
      users = await this.instanceUsers(roomId.slice("discord:".length));
    } catch {
      return { verified: false };
    }
    return { verified: true, left: members.filter((id) => !users.includes(id)) };
  }
}
