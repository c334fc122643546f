/**
 * The instruction a carrier's decision is about, read with its shipment: it must exist on that
 * shipment, still wait for the decision, and the goods must not be delivered yet.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import { selectInstruction, type DisposalInstructionRow } from './disposal.repository.js';

/** Raises `not_found`, `invalid_state` (delivered or cancelled) and `conflict` (already accepted or refused). */
export async function decidableInstruction(ctx: TenantContext, shipment: Pick<ShipmentRow, 'id' | 'status'>, instructionId: string): Promise<DisposalInstructionRow> {
  const instruction = await selectInstruction(ctx.db, ctx, shipment.id, instructionId);
  if (!instruction) throw new AppError('not_found', `No disposal instruction ${instructionId} on shipment ${shipment.id}.`);
  if (shipment.status === 'delivered' || shipment.status === 'cancelled') {
    throw new AppError('invalid_state', `Shipment ${shipment.id} is ${shipment.status}: a disposal instruction can no longer be carried out or refused.`);
  }
  if (instruction.status !== 'instructed') throw new AppError('conflict', `Disposal instruction ${instruction.id} is already ${instruction.status}.`);
  return instruction;
}
