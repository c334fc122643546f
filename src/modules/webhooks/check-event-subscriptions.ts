/**
 * Checks the `events` an endpoint subscribes to: an exact name must be in the event catalogue (a
 * typo would silently receive nothing); wildcards (`shipment.*`, `*`) also match types added later.
 */
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { EVENT_TYPE_NAMES } from '../events/event-catalogue.js';

export function checkEventSubscriptions(events: readonly string[]): string[] {
  const unknown = events.flatMap((type, i) => (type === '*' || type.endsWith('.*') || (EVENT_TYPE_NAMES as string[]).includes(type) ? [] : [finding(`$.events[${i}]`, 'unknown_event_type', { type })]));
  if (unknown.length > 0) throw new AppError('validation_failed', 'The endpoint subscribes to event types that do not exist; see errors.', { errors: unknown });
  return [...new Set(events)];
}
