/**
 * The delivery rules of the service description (Events, Delivery behaviour; Limits) as data:
 * eight attempts, the delay before each retry, the attempt's time limit and how much of the
 * receiver's answer is kept; and our own rule for the dead-letter queue (docs/webhooks.md).
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** Delay after failed attempt n (index n - 1) before attempt n + 1: 2 → 1 min, …, 8 → 12 h. */
export const RETRY_DELAYS_MS = [1 * MINUTE, 5 * MINUTE, 15 * MINUTE, 1 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR] as const;

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

export const ATTEMPT_TIMEOUT_MS = 10_000;

/** Receiver answers are kept up to this many bytes, in the log and the delivery detail. */
export const MAX_ANSWER_BYTES = 4096;

/**
 * A failed delivery waits this long in the dead-letter queue for a replay. Then it is settled:
 * `resolved` if a later delivery of the same event to the same endpoint succeeded, otherwise the
 * delivery becomes `dead` — stranded, nothing will retry it; a replay is still possible.
 */
export const DEAD_LETTER_HOLD_MS = 7 * 24 * HOUR;

/**
 * A claim's lease: longer than an attempt plus the time to record it, so a live worker never
 * loses its delivery; a crashed worker's delivery is claimed again when it runs out.
 */
export const DELIVERY_LEASE_MS = 60_000;

/** When the next attempt is due after `failures` failed attempts, or null when none remain. */
export function nextAttemptAt(failures: number, maxAttempts: number, now: Date): Date | null {
  if (failures >= maxAttempts) return null;
  const delay = RETRY_DELAYS_MS[failures - 1];
  return delay === undefined ? null : new Date(now.getTime() + delay);
}

/** Only a 2xx answer is success; 3xx (never followed) and everything else fail. */
export function isSuccess(status: number | undefined): boolean {
  return status !== undefined && status >= 200 && status < 300;
}
