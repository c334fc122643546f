/**
 * The accepted disposal instructions of a shipment as its consignment note prints them (box 13):
 * every version rendered after an acceptance keeps them, whatever causes the version.
 */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import type { NoteDisposal } from '../documents/consignment-note/consignment-note-input.js';
import { selectAcceptedInstructions, type DisposalInstructionRow } from './disposal.repository.js';

export function noteDisposal(row: DisposalInstructionRow, acceptedAt: Date): NoteDisposal {
  return {
    kind: row.kind,
    instructing_party: row.instructing_party,
    delivery: row.delivery as NoteDisposal['delivery'],
    consignee: row.consignee as NoteDisposal['consignee'],
    text: row.text,
    instructed_at: row.created_at,
    accepted_at: acceptedAt,
  };
}

export async function noteDisposals(db: Database, ctx: Pick<TenantContext, 'organizationId' | 'mode'>, shipmentId: string): Promise<NoteDisposal[]> {
  return (await selectAcceptedInstructions(db, ctx, shipmentId)).map((row) => noteDisposal(row, row.decided_at ?? row.created_at));
}
