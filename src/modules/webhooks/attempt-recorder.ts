/**
 * Writes finished attempts in batches: under load many attempts finish within a few milliseconds
 * of each other, and one statement for all of them costs about what one costs alone. Each caller
 * waits until its record is written, so a worker that stops has recorded everything it sent.
 * If a write fails, those deliveries keep their lease until it runs out and are attempted again
 * (at least once, never lost).
 */
import type { Database } from '../../ports/database.js';
import { recordAttempts, type AttemptRecord } from './deliveries.repository.js';

const MAX_BATCH = 100;
/** How long a record waits for company before it is written alone. */
const LINGER_MS = 2;

export class AttemptRecorder {
  private batch: { record: AttemptRecord; resolve: () => void; reject: (error: unknown) => void }[] = [];
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly db: Database) {}

  record(record: AttemptRecord): Promise<void> {
    return new Promise((resolve, reject) => {
      this.batch.push({ record, resolve, reject });
      if (this.batch.length >= MAX_BATCH) this.flush();
      else this.timer ??= setTimeout(() => this.flush(), LINGER_MS);
    });
  }

  private flush(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.batch;
    this.batch = [];
    if (batch.length === 0) return;
    recordAttempts(this.db, batch.map((b) => b.record)).then(
      () => batch.forEach((b) => b.resolve()),
      (error: unknown) => batch.forEach((b) => b.reject(error)),
    );
  }
}
