/**
 * `captured_at` of a driver's action: when the driver did it on the phone, possibly hours before
 * the queue reached the service. Kept as evidence beside the receive time, so it is bounded: at
 * most CAPTURE_SKEW_MS ahead of the service's clock, at most CAPTURE_MAX_AGE_MS behind it.
 */
import type { Clock } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { CAPTURE_MAX_AGE_MS, CAPTURE_SKEW_MS } from './driver-policy.js';

/** The capture time given, or undefined (then the receive time stands alone); raises `validation_failed` out of bounds. */
export function capturedAt(clock: Clock, given: string | undefined): Date | undefined {
  if (given === undefined) return undefined;
  const at = new Date(given);
  const now = clock.now().getTime();
  const latest = new Date(now + CAPTURE_SKEW_MS);
  const earliest = new Date(now - CAPTURE_MAX_AGE_MS);
  if (Number.isNaN(at.getTime())) throw refused(finding('$.captured_at', 'invalid_format', { format: 'date-time' }));
  if (at > latest) throw refused(finding('$.captured_at', 'out_of_range', { comparison: 'at most', limit: latest.toISOString() }));
  if (at < earliest) throw refused(finding('$.captured_at', 'out_of_range', { comparison: 'at least', limit: earliest.toISOString() }));
  return at;
}

const refused = (f: ReturnType<typeof finding>) => new AppError('validation_failed', 'captured_at is outside what the service accepts: at most 5 minutes ahead, at most 24 hours ago.', { errors: [f] });
