/**
 * What a person recognises behind the ids of a shipment's event actors, looked up when the
 * timeline is shown (the chain keeps ids only, so an erasure never has to reach it): an API key's
 * hint as the API keys page shows it, a member's e-mail address as the members page shows it, a
 * driver session's driver as the drivers page shows them. An id that names nothing any more (a
 * member who left, a session purged) is missing here; the timeline then says what kind it was.
 */
import type { TenantContext } from '../../core/context.js';
import { isAppError } from '../../core/errors.js';
import { apiKeyHints } from '../api-keys/list-api-keys.js';
import { getDriverSession } from '../driver/manage-driver-sessions.js';
import { listAllMembers } from '../members/list-members.js';
import type { ShipmentEventView } from '../shipments/list-shipment-events.js';
import { driverSessionLine, driverWho } from './driver-session-line.js';

export interface EventActorNames {
  /** API key id → its hint (`sk_test_…abcd`). */
  apiKeys: Map<string, string>;
  /** User id → the member's e-mail address. */
  members: Map<string, string>;
  /** Driver session id → "Name (phone)", or the phone. */
  drivers: Map<string, string>;
}

/** The ids of one actor type among the events, each once. */
const idsOf = (events: readonly ShipmentEventView[], type: string) => [...new Set(events.flatMap((e) => (e.actor?.type === type && e.actor.id ? [e.actor.id] : [])))];

/** A session this organisation can no longer see (its grant gone) is left unnamed. */
async function driverName(ctx: TenantContext, id: string): Promise<[string, string] | undefined> {
  try {
    return [id, driverWho(await driverSessionLine(ctx, await getDriverSession(ctx, id)))];
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return undefined;
    throw error;
  }
}

export async function eventActorNames(ctx: TenantContext, events: readonly ShipmentEventView[]): Promise<EventActorNames> {
  const users = idsOf(events, 'user');
  const [apiKeys, members, drivers] = await Promise.all([
    apiKeyHints(ctx, ctx.organizationId, idsOf(events, 'api_key')),
    users.length > 0 ? listAllMembers(ctx) : undefined,
    Promise.all(idsOf(events, 'driver_session').map((id) => driverName(ctx, id))),
  ]);
  return { apiKeys, members: new Map((members?.data ?? []).map((m) => [m.user_id, m.email] as const)), drivers: new Map(drivers.filter((d) => d !== undefined)) };
}
