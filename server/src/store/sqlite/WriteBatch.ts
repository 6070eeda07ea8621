import type Database from "better-sqlite3";

interface PendingWrite {
  write: () => unknown;
  resolve(value: unknown): void;
  reject(err: unknown): void;
}

/**
 * The busy writes (player saves, chat and log lines) made in one turn of the event loop are written
 * together in one transaction after the turn's other work: the write-behind flush saves a hundred
 * players at once, and one commit is far cheaper than a hundred. Each write keeps its own savepoint and
 * answers alone (a version conflict fails that save, not its neighbours); the order of calls is kept.
 */
export class WriteBatch {
  private pending: PendingWrite[] = [];
  /** one wrapper for every write: better-sqlite3 builds four functions per `transaction()` call */
  private readonly inSavepoint;

  constructor(private readonly db: Database.Database) {
    this.inSavepoint = db.transaction((write: () => unknown) => write());
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
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      this.db.transaction(() => {
        for (const { write } of batch) {
          try {
            outcomes.push({ ok: true, value: this.inSavepoint(write) });
          } catch (err) {
            outcomes.push({ ok: false, value: err });
          }
        }
      })();
    } catch (err) {
      for (const p of batch) p.reject(err);
      return;
    }
    batch.forEach((p, i) => {
      const outcome = outcomes[i] as { ok: boolean; value: unknown };
      if (outcome.ok) p.resolve(outcome.value);
      else p.reject(outcome.value);
    });
  }
}
