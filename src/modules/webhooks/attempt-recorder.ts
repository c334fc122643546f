/**
 * Writes finished attempts in batches, one statement at a time, so the database sees one writer
 * per worker. A batch goes when it is full (`FULL_BATCH`) or its first record has waited
 * `LINGER_MS`: a statement's fixed cost (planning, the round trip, the commit) is shared by
 * hundreds of outcomes under load, and a lone record is written within a few milliseconds.
 *
 * The worker does not wait for its records before attempting the next delivery; `drain()` waits
 * until everything handed in is written, so a worker that stops has recorded everything it sent.
 * If a write fails, those deliveries keep their lease until it runs out and are attempted again
 * (at least once, never lost).
 */
import type { Database } from '../../ports/database.js';
import { recordAttempts, type AttemptRecord } from './delivery-queue.repository.js';

const MAX_BATCH = 500;
const FULL_BATCH = 200;
const LINGER_MS = 10;

export class AttemptRecorder {
  private batch: AttemptRecord[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> | undefined;

  /** `onError` hears of a batch that could not be written. */
  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** Hands in a record; it is written with its batch (see drain). */
  record(record: AttemptRecord): void {
    this.batch.push(record);
    if (this.writing) return;
    if (this.batch.length >= FULL_BATCH) this.write();
    else this.timer ??= setTimeout(() => this.write(), LINGER_MS);
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
    this.writing = recordAttempts(this.db, batch)
      .catch(this.onError)
      .finally(() => {
        this.writing = undefined;
        // What came in meanwhile goes when full, or after lingering for more.
        if (this.batch.length >= FULL_BATCH) this.write();
        else if (this.batch.length > 0) this.timer ??= setTimeout(() => this.write(), LINGER_MS);
      });
  }
}
