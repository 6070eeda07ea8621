/** chosen: a channel is trimmed at every 10th append; the DELETE's walk past `keep` lines was on every one */
export const CHAT_TRIM_EVERY = 10;
/** chosen: channels counted at once (a logs channel per player seen); past it every count starts again */
const CHANNELS_COUNTED = 100_000;

/**
 * When a chat adapter trims a channel to its newest lines: at the channel's first append since this node
 * started, then every CHAT_TRIM_EVERY appends. So a channel holds at most `keep + CHAT_TRIM_EVERY - 1`
 * lines per node appending to it, and a count forgotten (a restart, too many channels) only trims sooner.
 */
export class ChatTrims {
  private readonly untrimmed = new Map<string, number>();

  /** Counts one append to `channel`; true when this append should trim it. */
  due(channel: string): boolean {
    const since = this.untrimmed.get(channel);
    if (since !== undefined && since + 1 < CHAT_TRIM_EVERY) {
      this.untrimmed.set(channel, since + 1);
      return false;
    }
    if (since === undefined && this.untrimmed.size >= CHANNELS_COUNTED) this.untrimmed.clear();
    this.untrimmed.set(channel, 0);
    return true;
  }
}
