/**
 * Writes request-log entries in batches, off the request path: an entry is buffered per tenant
 * when the response is sent and the buffers are flushed every second (or sooner when they fill),
 * so a crash loses at most about one second of entries, as the README documents. Entries are kept
 * in their stored, compact shape from the start: one small array per call, nothing to convert at
 * flush time. A flush that fails keeps its entries for the next one; past a cap new entries are
 * dropped (and counted), so a database outage does not grow memory without bound.
 *
 * A failed call also leaves its details (error code, redacted bodies): they arrive first, when the
 * answer is sent (recordFailure), and its entry then takes the error code; both are written in the
 * same flush, the details to their own table so that listing never reads bodies.
 */
import type { Database } from '../../ports/database.js';
import type { Mode } from '../../core/mode.js';
import { insertFailures, type FailureDetails } from './request-log-failures.repository.js';
import { insertRequestLogBatches, type Entry, type TenantEntries } from './request-logs.repository.js';

/** Error codes waiting for their call's entry; past this many (entries that never came) they are let go. */
const MAX_WAITING_CODES = 10_000;

export interface RequestLogWriterOptions {
  flushIntervalMs?: number;
  maxBatch?: number;
  maxBuffered?: number;
  onError?: (error: unknown) => void;
}

export class RequestLogWriter {
  private groups = new Map<string, TenantEntries>();
  private failures: FailureDetails[] = [];
  private codes = new Map<string, string | null>();
  private buffered = 0;
  /** Entries refused while the buffer was full (the database was down for a while). */
  dropped = 0;
  private flushing: Promise<void> | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Database,
    private readonly options: RequestLogWriterOptions = {},
  ) {
    this.timer = setInterval(() => void this.flush(), options.flushIntervalMs ?? 1000);
    this.timer.unref();
  }

  record(tenant: { organizationId: string; mode: Mode }, entry: Entry): void {
    if (this.buffered >= (this.options.maxBuffered ?? 50_000)) {
      this.dropped += 1;
      return;
    }
    const code = this.codes.get(entry[0]);
    if (code !== undefined) {
      this.codes.delete(entry[0]);
      entry[8] = code;
    }
    const key = tenant.organizationId + tenant.mode;
    const group = this.groups.get(key);
    if (group) group.entries.push(entry);
    else this.groups.set(key, { organizationId: tenant.organizationId, mode: tenant.mode, entries: [entry] });
    this.buffered += 1;
    if (this.buffered >= (this.options.maxBatch ?? 5000)) void this.flush();
  }

  /** A failed call's details, recorded before its entry; kept within the same cap as entries. */
  recordFailure(details: FailureDetails): void {
    if (this.buffered >= (this.options.maxBuffered ?? 50_000)) {
      this.dropped += 1;
      return;
    }
    if (this.codes.size >= MAX_WAITING_CODES) this.codes.clear();
    this.codes.set(details.requestId, details.errorCode);
    this.failures.push(details);
    this.buffered += 1;
  }

  /**
   * Writes what is buffered when it is called. A flush already under way took only the entries
   * buffered when it began (the timer's, say), so this waits for it and then writes what came since;
   * callers at the same moment share that second write. Sharing the first one alone returned before
   * entries recorded meanwhile were written, and lost them at a graceful shutdown.
   */
  async flush(): Promise<void> {
    while (this.flushing) await this.flushing;
    if (this.buffered === 0) return;
    this.flushing = this.drain().finally(() => {
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
    if (this.buffered === 0) return;
    const taken = [...this.groups.values()];
    const failures = this.failures;
    this.groups = new Map();
    this.failures = [];
    this.buffered = 0;
    try {
      await insertRequestLogBatches(this.db, taken);
      await insertFailures(this.db, failures);
    } catch (error) {
      // Both inserts skip rows already written, so writing the batches again is harmless.
      this.failures = [...failures, ...this.failures];
      // Put them back in front of what arrived meanwhile, for the next flush.
      for (const group of taken) {
        const key = group.organizationId + group.mode;
        const newer = this.groups.get(key);
        this.groups.set(key, newer ? { ...group, entries: [...group.entries, ...newer.entries] } : group);
      }
      this.buffered = [...this.groups.values()].reduce((n, g) => n + g.entries.length, this.failures.length);
      this.options.onError?.(error);
    }
  }
}
