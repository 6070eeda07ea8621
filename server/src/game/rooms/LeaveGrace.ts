/** The members whose last socket closed, each waiting out the grace period before it leaves its room. */
export class LeaveGrace {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();

  constructor(private readonly graceMs: number) {}

  /** Starts (or restarts) the player's grace period; `leave` runs when it ends. */
  start(discordId: string, leave: () => void): void {
    this.cancel(discordId);
    const timer = setTimeout(() => {
      this.timers.delete(discordId);
      leave();
    }, this.graceMs);
    timer.unref?.();
    this.timers.set(discordId, timer);
  }

  /** A pending leave (reload, network blip) is called off. */
  cancel(discordId: string): void {
    const timer = this.timers.get(discordId);
    if (timer) clearTimeout(timer);
    this.timers.delete(discordId);
  }

  stop(): void {
    for (const t of this.timers.values()) clearTimeout(t);
  }
}
