/**
 * Writes finished attempts in batches, one statement at a time: records that arrive while a
 * statement runs are written together by the next, so the batch grows with the load (one
 * statement for hundreds of outcomes costs little more than one for a single outcome) and the
 * database sees one writer per worker. When idle, a record waits `LINGER_MS` for company.
 *
 * The worker does not wait for its records before attempting the next delivery; `drain()` waits
 * until everything handed in is written, so a worker that stops has recorded everything it sent.
 * If a write fails, those deliveries keep their lease until it runs out and are attempted again
 * (at least once, never lost).
 */
import type { Database } from '../../ports/database.js';
import { recordAttempts, type AttemptRecord } from './deliveries.repository.js';

const MAX_BATCH = 500;
const LINGER_MS = 2;

interface Pending {
  record: AttemptRecord;
  resolve: () => void;
  reject: (error: unknown) => void;
}

export class AttemptRecorder {
  private batch: Pending[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  constructor(private readonly db: Database) {}

  /** Resolves once the record is written; rejects when its batch could not be. */
  record(record: AttemptRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.batch.push({ record, resolve, reject });
      if (!this.writing) this.timer ??= setTimeout(() => this.write(), LINGER_MS);
    });
  }

  /** Resolves when every record handed in so far is written (or has failed). */
  async drain(): Promise<void> {
    while (this.writing || this.batch.length > 0) {
      if (!this.writing) this.write();
      await this.writing;
    }
  }

  private write(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.batch.splice(0, MAX_BATCH);
    if (batch.length === 0) return;
    this.writing = recordAttempts(this.db, batch.map((b) => b.record)).then(
      () => batch.forEach((b) => b.resolve()),
      (error: unknown) => batch.forEach((b) => b.reject(error)),
    ).finally(() => {
      this.writing = undefined;
      // What came in meanwhile goes at once: it has waited a whole statement already.
      if (this.batch.length > 0) this.write();
    });
  }
}
