/**
 * The server's time source. Everything that reads "now" on the server takes a Clock, so tests (and
 * TEST_CLOCK=1 end-to-end runs) can let hours pass in a second.
 */
export interface Clock {
  /** epoch milliseconds */
  now(): number;
  /** Called after time jumps forward (TestClock.advance); returns an unsubscribe function. */
  onJump(listener: () => void): () => void;
}

export class SystemClock implements Clock {
  now(): number {
    return Date.now();
  }

  onJump(_listener: () => void): () => void {
    return () => {};
  }
}

/** Real time plus an offset that only grows; `advance` tells listeners so schedulers re-plan. */
export class TestClock implements Clock {
  private offset = 0;
  private readonly listeners = new Set<() => void>();

  constructor(private readonly base: () => number = Date.now) {}

  now(): number {
    return this.base() + this.offset;
  }

  advance(ms: number): number {
    if (!Number.isFinite(ms) || ms < 0) throw new RangeError("a clock only moves forward");
    this.offset += ms;
    for (const listener of [...this.listeners]) listener();
    return this.now();
  }

  onJump(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }
}
