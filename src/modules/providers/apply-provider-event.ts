/**
 * Applies one verified provider event to the shipment whose note it is, through the use cases
 * every other way of changing a shipment goes through, so the chain, the note versions and our
 * own webhooks come out as usual: a status the catalogue maps onto ours moves
 * the shipment (change-shipment-status.ts), a signature is recorded with method `provider`
 * (record-signature.ts), a remark with source `provider` (create-remark.ts), each with the
 * provider's evidence. What our rules refuse is returned as the reason to keep it for review.
 */
import type { TenantContext } from '../../core/context.js';
import { isAppError } from '../../core/errors.js';
import { writeAsOneStatement } from '../../ports/database.js';
import { createRemark } from '../remarks/create-remark.js';
import { changeShipmentStatus } from '../shipments/change-shipment-status.js';
import { recordSignature } from '../signatures/record-signature.js';
import type { ProviderEvidence } from '../signatures/signatures.tables.js';
import type { CatalogueEntry } from './provider-catalogue.js';
import { PROVIDER_SIGNER_ROLES, type ProviderEvent } from './provider-webhook.schema.js';
import { updateHandoverWrite, type HandoverRow } from './handovers.repository.js';

export type Applied = { outcome: 'applied' | 'ignored' } | { outcome: 'review'; reason: 'impossible_transition' | 'refused'; detail: string };

const REVIEWABLE = new Set(['invalid_transition', 'invalid_state', 'shipment_immutable', 'already_signed', 'conflict', 'validation_failed']);

export async function applyProviderEvent(ctx: TenantContext, entry: CatalogueEntry, handover: HandoverRow, event: ProviderEvent): Promise<Applied> {
  const evidence: ProviderEvidence = { provider_id: entry.id, event_id: event.event_id, provider_ref: event.ecmr_id, occurred_at: event.occurred_at, record: {} };
  const fields = { provider_id: entry.id, provider_event_id: event.event_id };
  try {
    if (event.type === 'note.status_changed') {
      await writeAsOneStatement(ctx.db, [updateHandoverWrite(ctx.db, ctx, handover.id, { provider_status: event.status!, updated_at: ctx.clock.now() })]);
      const target = entry.statuses[event.status!];
      if (!target) return { outcome: 'ignored' };
      await changeShipmentStatus(ctx, handover.shipment_id, target, { language: 'en', fields });
    } else if (event.type === 'note.signed') {
      const s = event.signature!;
      await recordSignature(
        ctx,
        handover.shipment_id,
        { role: PROVIDER_SIGNER_ROLES[s.role], signer_name: s.user_name, method: 'provider', level: 'platform_auth', evidence: { ip: null, user_agent: null }, providerEvidence: { ...evidence, record: s } },
        'en',
      );
    } else {
      const r = event.remark!;
      await createRemark(ctx, handover.shipment_id, { phase: r.phase, type: r.type ?? 'other', text: r.text, providerEvidence: { ...evidence, record: r } }, 'en');
    }
    return { outcome: 'applied' };
  } catch (error) {
    if (!isAppError(error) || !REVIEWABLE.has(error.code)) throw error;
    return { outcome: 'review', reason: error.code === 'invalid_transition' ? 'impossible_transition' : 'refused', detail: `${error.code}: ${error.message}` };
  }
}
