/**
 * `POST /v1/privacy/erasures` (docs/privacy.md): a dry run reports where the
 * subject's personal data is; an erasure replaces it everywhere in one transaction, records what
 * a retention duty keeps for the purge job, and leaves the audit log an `erasure.completed` act
 * and the feed a `privacy.erasure_completed` event, neither with any erased value.
 */
import type { TenantContext } from '../../core/context.js';
import { newId } from '../../core/ids.js';
import { withTransaction, writeAsOneStatement } from '../../ports/database.js';
import { recordTenantAct } from '../audit-log/record-audit-event.js';
import { feedEventWrite } from '../events/events.repository.js';
import { deliveryFanOutWrite } from '../webhooks/fan-out-deliveries.js';
import { parseSubject, type Subject } from './data-subject.js';
import type { ErasurePlan } from './erasure-plan.js';
import { planErasure } from './plan-erasure.js';
import { insertErasure } from './privacy.repository.js';
import type { CreateErasureBody, ErasureReport } from './privacy.schema.js';

function reportOf(ctx: TenantContext, id: string | null, subject: Subject, plan: ErasurePlan, now: Date): ErasureReport {
  const locations = plan.locations.map(({ resource, id: rid, fields, count }) => ({ resource, id: rid, fields, count }));
  const counts: Record<string, number> = {};
  for (const l of locations) counts[l.resource] = (counts[l.resource] ?? 0) + 1;
  return {
    id,
    mode: ctx.mode,
    dry_run: id === null,
    status: id === null ? 'dry_run' : 'completed',
    subject_kind: subject.kind,
    locations,
    counts,
    fields_erased: locations.reduce((n, l) => n + l.count, 0),
    retained: plan.retained.map((r) => ({ resource: r.resource, id: r.resource_id, shipment_id: r.shipment_id, legal_basis: r.legal_basis, erase_after: r.erase_after.toISOString() })),
    created_at: now.toISOString(),
  };
}

/** Raises `validation_failed` for an empty or ambiguous subject. */
export async function eraseDataSubject(ctx: TenantContext, body: CreateErasureBody): Promise<ErasureReport> {
  const subject = parseSubject(body.subject);
  const now = ctx.clock.now();
  if (body.dry_run) return reportOf(ctx, null, subject, await planErasure(ctx.db, ctx, subject, false), now);
  return withTransaction(ctx.db, async (trx) => {
    const plan = await planErasure(trx, ctx, subject, true);
    for (const location of plan.locations) await location.apply(trx, now);
    const id = newId('erasure', now);
    const report = reportOf(ctx, id, subject, plan, now);
    await insertErasure(trx, ctx, { id, subject_kind: subject.kind, report: { ...report, id: undefined }, created_at: now }, plan.retained);
    const summary = { subject_kind: subject.kind, records_erased: report.locations.length, fields_erased: report.fields_erased, retained: report.retained.length };
    await recordTenantAct(trx, ctx, { action: 'erasure.completed', target: { type: 'erasure', id }, changes: { ...summary, counts: report.counts } });
    const event = { id: newId('event', now), type: 'privacy.erasure_completed', created_at: now, data: { erasure_id: id, status: 'completed', ...summary } };
    await writeAsOneStatement(trx, [feedEventWrite(trx, ctx, { ...event, shipment_id: null }), deliveryFanOutWrite(trx, ctx, [event])]);
    return report;
  });
}
