/**
 * Records an administrative act in the organisation's audit log, in the transaction of the act:
 * `recordAuditEvent(trxOrDb, {...})`. Given a plain handle it opens its own transaction. It locks
 * the chain head of the organisation and mode, so concurrent appends are serialised and never fork
 * the chain. Actions are `<resource>.<verb>`; `changes` is a summary of fields, never a secret.
 */
import { realClockOf, type Clock } from '../../core/clock.js';
import type { ActSource as AuditSource } from '../../core/context.js';
import type { Mode } from '../../core/mode.js';
import { withTransaction, type Database } from '../../ports/database.js';
import { appendAuditActs } from './append-audit-acts.js';
import { claimBackfill } from './audit-log.repository.js';
import { backfillRows } from './backfill-audit-log.js';

export type { Actor as AuditActor, ActSource as AuditSource } from '../../core/context.js';

/** The source of a tenant use case's act: its request's, or the service itself. */
export function auditSourceOf(ctx: { source?: AuditSource }): AuditSource {
  return ctx.source ?? SYSTEM;
}

const SYSTEM: AuditSource = { actor: { type: 'system' } };

export interface AuditEventInput {
  organizationId: string;
  mode: Mode;
  action: string;
  target: { type: string; id: string };
  changes?: Record<string, unknown>;
  source: AuditSource;
  /** The act's time; real time even under a sandbox test clock, so the log stays in time order. */
  clock: Clock;
}

export async function recordAuditEvent(db: Database, input: AuditEventInput): Promise<void> {
  if (!db.isTransaction) {
    await withTransaction(db, (trx) => recordAuditEvent(trx, input));
    return;
  }
  // An organisation that existed before the audit log gets its history first (migration 0025).
  if (await claimBackfill(db, input.organizationId)) await backfillRows(db, input.organizationId);
  const actor: Record<string, unknown> = { ...input.source.actor };
  await appendAuditActs(db, input, [
    {
      action: input.action,
      target: input.target,
      changes: input.changes ?? {},
      actor,
      ip: input.source.ip ?? null,
      user_agent: input.source.userAgent ?? null,
      at: realClockOf(input.clock).now(),
    },
  ]);
}

/** Records an act of a tenant use case (its organisation, mode, clock and request source) in `trx`. */
export function recordTenantAct(
  trx: Database,
  ctx: { organizationId: string; mode: Mode; clock: Clock; source?: AuditSource },
  act: { action: string; target: { type: string; id: string }; changes?: Record<string, unknown> },
): Promise<void> {
  return recordAuditEvent(trx, { organizationId: ctx.organizationId, mode: ctx.mode, ...act, source: auditSourceOf(ctx), clock: ctx.clock });
}

/** `{field: {from, to}}` for each of `fields` whose value differs (compared as JSON). */
export function fieldChanges(beforeRow: object, afterRow: object, fields: readonly string[]): Record<string, { from: unknown; to: unknown }> {
  const before = beforeRow as Record<string, unknown>;
  const after = afterRow as Record<string, unknown>;
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const field of fields) {
    if (!(field in after)) continue;
    if (JSON.stringify(before[field] ?? null) !== JSON.stringify(after[field] ?? null)) out[field] = { from: before[field] ?? null, to: after[field] ?? null };
  }
  return out;
}
