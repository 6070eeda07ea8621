import type Database from "better-sqlite3";

interface Outcome {
  ok: boolean;
  value: unknown;
}

interface PendingWrite {
  write: () => unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/**
 * The busy writes (player saves, chat and log lines) made in one turn of the event loop are written
 * together in one transaction after the turn's other work: the write-behind flush saves a hundred
 * players at once, and one commit is far cheaper than a hundred. Each write answers alone (a version
 * conflict fails that save, not its neighbours); the order of calls is kept. No write needs a savepoint
 * of its own (one cost a log line a quarter of its time: server/bench/saves.bench.ts): a save is one
 * statement, atomic in SQLite, that throws only when it matched no row; a chat line's trim after its
 * insert only drops lines past those kept.
 */
export class WriteBatch {
  private pending: PendingWrite[] = [];
  /** built once: better-sqlite3 makes four functions per `transaction()` call */
  private readonly writeAll;

  constructor(db: Database.Database) {
    this.writeAll = db.transaction((batch: PendingWrite[]) =>
      batch.map(({ write }): Outcome => {
        try {
          return { ok: true, value: write() };
        } catch (err) {
          return { ok: false, value: err };
        }
      }),
    );
  }

  run<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.pending.push({ write, resolve: resolve as (value: unknown) => void, reject });
      if (this.pending.length === 1) queueMicrotask(() => this.commit());
    });
  }

  commit(): void {
    const batch = this.pending;
    this.pending = [];
    if (batch.length === 0) return;
    let outcomes: Outcome[];
    try {
      outcomes = this.writeAll(batch);
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i] as Outcome;
      if (outcome.ok) p.resolve(outcome.value);
      else p.reject(outcome.value);
    });
  }
}
