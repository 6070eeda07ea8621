/**
 * One command queue per key (a promise chain per player): tasks for a key run one after another, never
 * interleaved, while different keys run independently. A failing task does not stop the ones after it.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T> | T): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const next = prev.then(task, task);
    const tail = next.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return next;
  }

  /** Resolves when every task queued so far for `key` has finished. */
  idle(key: string): Promise<void> {
    return (this.tails.get(key) ?? Promise.resolve()).then(() => undefined);
  }

  get busyKeys(): number {
    return this.tails.size;
  }
}
