/**
 * The Idempotency-Keys this process has claimed and still runs, their locks renewed while they run.
 * A claim's lock is short (IDEMPOTENCY_LOCK_MS, a few seconds) and renewed every
 * LOCK_RENEWAL_MS by the process that holds it, so the in-progress mark ends with its process: a
 * request killed in flight (kill -9, a crash, a restart) stops renewing, and a retry a few seconds
 * later takes the key over instead of answering `idempotency_in_progress` for a minute.
 */
import type { Services } from '../../core/context.js';
import { renewKeyLock, type IdempotencyTenantKey } from './idempotency.repository.js';

/** How long a claim holds without renewal: a few missed renewals. */
export const IDEMPOTENCY_LOCK_MS = 5_000;
/** How often the process renews the locks of the keys it runs. */
export const LOCK_RENEWAL_MS = 1_000;

interface Running {
  key: IdempotencyTenantKey;
  fingerprint: string;
}

const idOf = (k: IdempotencyTenantKey) => JSON.stringify([k.organizationId, k.mode, k.key]);

export class RunningKeys {
  private readonly running = new Map<string, Running>();
  private timer: NodeJS.Timeout | undefined;
  private renewing = false;

  constructor(
    private readonly services: Pick<Services, 'db' | 'clock'>,
    private readonly onError: (error: unknown) => void = () => {},
  ) {}

  /** A key this process claimed: its lock is renewed until `finished`. */
  started(key: IdempotencyTenantKey, fingerprint: string): void {
    this.running.set(idOf(key), { key, fingerprint });
    // The timer runs only while a claim does, and never holds the process open.
    this.timer ??= setInterval(() => void this.renew(), LOCK_RENEWAL_MS).unref();
  }

  finished(key: IdempotencyTenantKey): void {
    this.running.delete(idOf(key));
    if (this.running.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  private async renew(): Promise<void> {
    // A renewal still waiting on the database is not queued behind by another.
    if (this.renewing) return;
    this.renewing = true;
    try {
      const until = new Date(this.services.clock.now().getTime() + IDEMPOTENCY_LOCK_MS);
      for (const { key, fingerprint } of [...this.running.values()]) await renewKeyLock(this.services.db, key, fingerprint, until);
    } catch (error) {
      this.onError(error);
    } finally {
      this.renewing = false;
    }
  }
}
