/** The members whose last socket closed, each waiting out the grace period before it leaves its room. */
export class LeaveGrace {
  private readonly timers = new Map<
    string,
    { timer: ReturnType<typeof setTimeout>; leave: () => Promise<void> }
  >();

  constructor(private readonly graceMs: number) {}

  /** Starts (or restarts) the player's grace period; `leave` runs when it ends. */
  start(discordId: string, leave: () => Promise<void>): void {
    this.cancel(discordId);
    const timer = setTimeout(() => {
      this.timers.delete(discordId);
      void leave();
    }, this.graceMs);
    timer.unref?.();
    this.timers.set(discordId, { timer, leave });
  }

  /** Every grace period ends now (the test clock jumps past them): each pending leave runs at once. */
  async endAll(): Promise<void> {
    const pending = [...this.timers.values()];
    this.timers.clear();
    for (const p of pending) clearTimeout(p.timer);
    await Promise.all(pending.map((p) => p.leave()));
  }

  /** A pending leave (reload, network blip) is called off. */
  cancel(discordId: string): void {
    const pending = this.timers.get(discordId);
    if (pending) clearTimeout(pending.timer);
    this.timers.delete(discordId);
  }

  stop(): void {
    for (const p of this.timers.values()) clearTimeout(p.timer);
  }
}
