import { isInvalidCommand } from "./sdkErrors.ts";

/**
 * Rich presence (setActivity): the current skill and location as details and state, the session's start,
 * the instance as the party with [members playing, people in the activity]. Sent when it changes, at most
 * once per THROTTLE_MS (Discord documents no limit; a burst of changes sends the last one), and never
 * again once an older client answers INVALID_COMMAND.
 */

export const PRESENCE_THROTTLE_MS = 10_000;
const ACTIVITY_TYPE_PLAYING = 0;

export interface PresenceActivity {
  type: number;
  details: string;
  state: string;
  timestamps: { start: number };
  party: { id: string; size: [number, number] };
}

export interface PresenceFacts {
  /** texts already in the player's language */
  skill: string;
  location: string;
  members: number;
  inActivity: number;
}

export function presenceActivity(
  facts: PresenceFacts,
  session: { instanceId: string; startedAt: number },
): PresenceActivity {
  const members = Math.max(1, facts.members);
  return {
    type: ACTIVITY_TYPE_PLAYING,
    details: facts.skill,
    state: facts.location,
    timestamps: { start: session.startedAt },
    party: { id: session.instanceId, size: [members, Math.max(members, facts.inActivity)] },
  };
}

export class PresenceSender {
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private lastSent: string | null = null;
  private pending: PresenceActivity | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private disabled = false;

  constructor(
    private readonly send: (activity: PresenceActivity) => Promise<unknown>,
    private readonly throttleMs = PRESENCE_THROTTLE_MS,
  ) {}

  update(activity: PresenceActivity): void {
    if (this.disabled) return;
    if (JSON.stringify(activity) === this.lastSent) {
      this.pending = null;
      return;
    }
    this.pending = activity;
    const wait = this.lastSentAt + this.throttleMs - Date.now();
    if (wait <= 0) this.flush();
    else this.timer ??= setTimeout(() => this.flush(), wait);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.pending = null;
    this.disabled = true;
  }

  private flush(): void {
    this.timer = null;
    const activity = this.pending;
    this.pending = null;
    if (!activity || this.disabled) return;
    this.lastSent = JSON.stringify(activity);
    this.lastSentAt = Date.now();
    this.send(activity).catch((error: unknown) => {
      if (isInvalidCommand(error)) {
        console.info("Discord: setActivity is not supported by this client");
        this.stop();
      } else {
        console.warn("Discord: setActivity failed", error);
        this.lastSent = null;
      }
    });
  }
}
