/**
 * Writes request-log rows in batches, off the request path: a row is buffered when the response
 * is sent and the buffer is flushed every second (or sooner when it fills), so a crash loses at
 * most about one second of rows, as the README documents. A flush that fails keeps its rows for
 * the next one, up to a cap, so an outage of the database does not grow memory without bound.
 */
import type { Database } from '../../ports/database.js';
import { insertRequestLogs, type RequestLogRow } from './request-logs.repository.js';

export interface RequestLogWriterOptions {
  flushIntervalMs?: number;
  maxBatch?: number;
  maxBuffered?: number;
  onError?: (error: unknown) => void;
}

export class RequestLogWriter {
  private buffer: RequestLogRow[] = [];
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly options: RequestLogWriterOptions = {},
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1000);
    this.timer.unref();
  }

  record(row: RequestLogRow): void {
    this.buffer.push(row);
    const cap = this.options.maxBuffered ?? 50_000;
    if (this.buffer.length > cap) this.buffer.splice(0, this.buffer.length - cap);
    if (this.buffer.length >= (this.options.maxBatch ?? 5000)) void this.flush();
  }

  /** Writes what is buffered; concurrent calls share one flush. */
  flush(): Promise<void> {
    this.flushing ??= this.drain().finally(() => {
      this.flushing = undefined;
    });
    return this.flushing;
  }

  /** Stops the timer and writes the rest (graceful shutdown). */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private async drain(): Promise<void> {
    const max = this.options.maxBatch ?? 5000;
    while (this.buffer.length > 0) {
      const batch = this.buffer.splice(0, max);
      try {
        await insertRequestLogs(this.db, batch);
      } catch (error) {
        this.buffer.unshift(...batch);
        this.options.onError?.(error);
        return;
      }
    }
  }
}
