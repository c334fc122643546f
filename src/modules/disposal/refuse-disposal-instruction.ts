/**
 * The carrier refuses a disposal instruction on a ground of CMR article 12(5): carrying it out is
 * not possible when it reaches the carrier, would interfere with the normal working of its
 * undertaking, or would divide the consignment. The carrier must tell the party that gave it at
 * once (art. 12(6)): `shipment.disposal_refused`, chained, with the reason, reaches the webhooks.
 * Nothing on the note changes, so no render: one short transaction.
 */
import type { TenantContext } from '../../core/context.js';
import { withTransaction, type AlsoWrite } from '../../ports/database.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import { decidableInstruction } from './decidable-instruction.js';
import { decideInstructionWrite } from './disposal.repository.js';
import type { RefuseDisposalInstruction } from './disposal.schema.js';
import { disposalInstructionView, type DisposalInstructionView } from './disposal-view.js';

/** Raises `not_found`, `invalid_state` (delivered or cancelled) and `conflict` (already accepted or refused). */
export async function refuseDisposalInstruction(ctx: TenantContext, shipmentId: string, instructionId: string, body: RefuseDisposalInstruction, alsoWrite?: AlsoWrite<DisposalInstructionView>): Promise<DisposalInstructionView> {
  const now = ctx.clock.now();
  return withTransaction(
    ctx.db,
    async (trx) => {
      const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
      const instruction = await decidableInstruction({ ...ctx, db: trx }, shipment, instructionId);
      let view: DisposalInstructionView | undefined;
      const fields = { instruction_id: instruction.id, kind: instruction.kind, reason: body.reason };
      await recordShipmentChange(trx, ctx, shipment, {}, [{ type: 'shipment.disposal_refused', status: shipment.status, fields }], now, async (_changed, [refused]) => {
        const decision = { status: 'refused' as const, refusal_reason: body.reason, refusal_text: body.text ?? null, decision_event_id: refused!.event_id, rendered_document_id: null, decided_at: now };
        view = disposalInstructionView({ ...instruction, ...decision });
        return [decideInstructionWrite(trx, ctx, instruction.id, decision)];
      });
      return view!;
    },
    alsoWrite,
  );
}
