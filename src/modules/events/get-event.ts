/** One event of the feed by its id (within the 90 days the feed keeps). */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import { selectFeedEvent } from './events.repository.js';
import type { EventView } from './events.schema.js';
import { EVENT_RETENTION_MS, eventView } from './list-events.js';

export async function getEvent(ctx: TenantContext, id: string): Promise<EventView> {
  const row = await selectFeedEvent(ctx.db, ctx, id, new Date(ctx.clock.now().getTime() - EVENT_RETENTION_MS));
  if (!row) throw new AppError('not_found', `No event ${id} in the last 90 days.`);
  return eventView(row);
}
