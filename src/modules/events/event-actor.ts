/**
 * Who caused an event of a shipment's chain, as stored beside it (`shipment_events.actor`,
 * migration 0045) and shown in the list of the shipment's events: the actor of the use case's
 * context, by id only. It is kept out of `data` and of the hash, so webhook payloads and the
 * chain's verification are what they were; events recorded before it have none.
 */
import type { TenantContext } from '../../core/context.js';

export interface EventActor {
  /** `api_key`, `user`, `driver_session`, `sign_link`, `provider`, `efti_gate`, `cli` or `system`. */
  type: string;
  /** The API key's, user's, driver session's or signature request's id; the provider's or gate's id. */
  id?: string;
  /** A sign link's role. */
  role?: string;
}

/** The actor of what `ctx` records: its source's (without the audit log's free-text note), else the service itself. */
export function eventActorOf(ctx: Pick<TenantContext, 'source'>): EventActor {
  const actor = ctx.source?.actor;
  if (!actor || actor.type === 'system') return { type: 'system' };
  if (actor.type === 'cli') return { type: 'cli' };
  if (actor.type === 'sign_link') return { type: actor.type, id: actor.id, role: actor.role };
  return actor.id === undefined ? { type: actor.type } : { type: actor.type, id: actor.id };
}
