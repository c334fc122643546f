/**
 * "From what exists already" (migration 0025): the acts an organisation's rows show from before
 * the audit log, chained in time order with their original times and the actor
 * `{type: "system", note: "backfilled"}`: each API key created (and revoked), each webhook endpoint
 * created (and deleted), live clearance (at the organisation's creation: no time was kept) and each
 * invoicing profile (at its last update). Runs once per organisation: at start for every pending
 * one, or before the organisation's first new act, whichever comes first.
 */
import type { Mode } from '../../core/mode.js';
import { withTransaction, type Database } from '../../ports/database.js';
import { claimBackfill, pendingBackfills } from './audit-log.repository.js';
import { appendAuditActs, type AuditAct } from './append-audit-acts.js';

const BACKFILLED = { type: 'system', note: 'backfilled' };

type ModeAct = AuditAct & { mode: Mode };

function act(mode: Mode, action: string, target: { type: string; id: string }, at: Date, changes: Record<string, unknown> = {}): ModeAct {
  return { mode, action, target, changes, actor: BACKFILLED, ip: null, user_agent: null, at: new Date(at) };
}

/** Writes the backfilled rows of one organisation; the caller has claimed it in this transaction. */
export async function backfillRows(trx: Database, organizationId: string): Promise<void> {
  const acts: ModeAct[] = [];
  const keys = await trx.selectFrom('api_keys').select(['id', 'mode', 'scopes', 'created_at', 'revoked_at']).where('organization_id', '=', organizationId).execute();
  for (const k of keys) {
    acts.push(act(k.mode, 'api_key.created', { type: 'api_key', id: k.id }, k.created_at, { mode: k.mode, scopes: k.scopes }));
    if (k.revoked_at) acts.push(act(k.mode, 'api_key.revoked', { type: 'api_key', id: k.id }, k.revoked_at));
  }
  const endpoints = await trx.selectFrom('webhook_endpoints').select(['id', 'mode', 'url', 'events', 'created_at', 'deleted_at']).where('organization_id', '=', organizationId).execute();
  for (const e of endpoints) {
    acts.push(act(e.mode, 'webhook_endpoint.created', { type: 'webhook_endpoint', id: e.id }, e.created_at, { url: e.url, events: e.events }));
    if (e.deleted_at) acts.push(act(e.mode, 'webhook_endpoint.deleted', { type: 'webhook_endpoint', id: e.id }, e.deleted_at));
  }
  const org = await trx.selectFrom('organizations').select(['live_enabled', 'created_at']).where('id', '=', organizationId).executeTakeFirst();
  if (org?.live_enabled) acts.push(act('live', 'organization.live_enabled', { type: 'organization', id: organizationId }, org.created_at, { live_enabled: true }));
  const profiles = await trx.selectFrom('invoicing_profiles').select(['mode', 'updated_at']).where('organization_id', '=', organizationId).execute();
  for (const p of profiles) acts.push(act(p.mode, 'invoicing_profile.updated', { type: 'invoicing_profile', id: organizationId }, p.updated_at));
  for (const mode of ['test', 'live'] as const) {
    const ofMode = acts.filter((a) => a.mode === mode).sort((a, b) => a.at.getTime() - b.at.getTime());
    if (ofMode.length > 0) await appendAuditActs(trx, { organizationId, mode }, ofMode.map(({ mode: _, ...rest }) => rest));
  }
}

/** Backfills every organisation still pending, each in its own transaction (at start). */
export async function backfillAuditLog(db: Database): Promise<number> {
  let done = 0;
  for (const organizationId of await pendingBackfills(db)) {
    const claimed = await withTransaction(db, async (trx) => {
      if (!(await claimBackfill(trx, organizationId))) return false;
      await backfillRows(trx, organizationId);
      return true;
    });
    if (claimed) done += 1;
  }
  return done;
}
