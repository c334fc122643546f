/**
 * What a person recognises behind the ids of the actors of a shipment's events or of the audit log,
 * looked up when the page is shown (the records keep ids only, so an erasure never has to reach them): an API key's
 * hint as the API keys page shows it, a member's e-mail address as the members page shows it, a
 * driver session's driver as the drivers page shows them. An id that names nothing any more (a
 * member who left, a session purged) is missing here; the timeline then says what kind it was.
 */
import type { TenantContext } from '../../core/context.js';
import { isAppError } from '../../core/errors.js';
import { apiKeyHints } from '../api-keys/list-api-keys.js';
import { getDriverSession } from '../driver/manage-driver-sessions.js';
import { listAllMembers } from '../members/list-members.js';
import { driverSessionLine, driverWho } from './driver-session-line.js';

export interface EventActorNames {
  /** API key id → its hint (`sk_test_…abcd`). */
  apiKeys: Map<string, string>;
  /** User id → the member's e-mail address. */
  members: Map<string, string>;
  /** Driver session id → "Name (phone)", or the phone. */
  drivers: Map<string, string>;
}

/** What carries an actor: a shipment's event, a row of the audit log. */
type WithActor = { actor?: { type?: unknown; id?: unknown } | null };

/** The ids of one actor type among the records, each once. */
const idsOf = (records: readonly WithActor[], type: string) => [...new Set(records.flatMap((e) => (e.actor?.type === type && typeof e.actor.id === 'string' && e.actor.id ? [e.actor.id] : [])))];

/** A session this organisation can no longer see (its grant gone) is left unnamed. */
async function driverName(ctx: TenantContext, id: string): Promise<[string, string] | undefined> {
  try {
    return [id, driverWho(await driverSessionLine(ctx, await getDriverSession(ctx, id)))];
  } catch (error) {
    if (isAppError(error) && error.code === 'not_found') return undefined;
    throw error;
  }
}

export async function eventActorNames(ctx: TenantContext, events: readonly WithActor[]): Promise<EventActorNames> {
  const users = idsOf(events, 'user');
  const [apiKeys, members, drivers] = await Promise.all([
    apiKeyHints(ctx, ctx.organizationId, idsOf(events, 'api_key')),
    users.length > 0 ? listAllMembers(ctx) : undefined,
    Promise.all(idsOf(events, 'driver_session').map((id) => driverName(ctx, id))),
  ]);
  return { apiKeys, members: new Map((members?.data ?? []).map((m) => [m.user_id, m.email] as const)), drivers: new Map(drivers.filter((d) => d !== undefined)) };
}
