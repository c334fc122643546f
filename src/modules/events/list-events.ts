/** The organisation-wide event feed: last 90 days, newest first, cursor and filters. */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { finding } from '../../core/findings.js';
import { listPage, type Page } from '../../core/pagination.js';
import { EVENT_TYPE_NAMES } from './event-catalogue.js';
import { selectFeed, type FeedEvent } from './events.repository.js';
import type { EventView, ListEventsQuery } from './events.schema.js';

/** Service description, Limits: event feed retention. */
export const EVENT_RETENTION_MS = 90 * 24 * 60 * 60 * 1000;

export function eventView(e: FeedEvent): EventView {
  return { id: e.id, type: e.type, created_at: e.created_at.toISOString(), mode: e.mode, data: e.data };
}

const FAMILIES = new Set(EVENT_TYPE_NAMES.map((t) => t.split('.')[0]));

/** Turns the `type` filter into exact names or a prefix; a type or family we never emit is `bad_request`. */
function typeFilter(type: string | undefined): { types?: string[]; typePrefix?: string } {
  if (type === undefined || type === '*') return {};
  if (type.endsWith('.*')) {
    const family = type.slice(0, -2);
    if (!FAMILIES.has(family)) throw unknownType(type);
    return { typePrefix: `${family}.` };
  }
  if (!(EVENT_TYPE_NAMES as string[]).includes(type)) throw unknownType(type);
  return { types: [type] };
}

function unknownType(type: string): AppError {
  return new AppError('bad_request', `No event type or family ${type}; see the event catalogue.`, {
    errors: [finding('query.type', 'invalid_value', { allowed: [...EVENT_TYPE_NAMES, ...[...FAMILIES].map((f) => `${f}.*`), '*'] })],
  });
}

export async function listEvents(ctx: TenantContext, query: ListEventsQuery): Promise<Page<EventView>> {
  return listPage(
    ctx,
    'events',
    query,
    (window, scope) =>
      selectFeed(ctx.db, ctx, {
        ...typeFilter(query.type),
        shipmentId: query.shipment_id,
        createdGte: query.created_gte ? new Date(query.created_gte) : undefined,
        createdLt: query.created_lt ? new Date(query.created_lt) : undefined,
        ...window,
        notBefore: new Date(scope.now.getTime() - EVENT_RETENTION_MS),
      }),
    eventView,
  );
}
