/** Queries on disposal instructions, scoped to the organisation and mode. */
import type { Selectable } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database, Write } from '../../ports/database.js';
import { keysetWindow } from '../../ports/database-keyset.js';
import type { DisposalInstructionsTable } from './disposal.tables.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type DisposalInstructionRow = Selectable<DisposalInstructionsTable>;

const json = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null);

export function insertInstructionWrite(db: Database, row: DisposalInstructionRow): Write {
  return db.insertInto('disposal_instructions').values({ ...row, delivery: json(row.delivery), consignee: json(row.consignee) });
}

const scoped = (db: Database, t: Tenant, shipmentId: string) =>
  db.selectFrom('disposal_instructions').selectAll().where('shipment_id', '=', shipmentId).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);

export async function selectInstruction(db: Database, t: Tenant, shipmentId: string, id: string): Promise<DisposalInstructionRow | undefined> {
  return scoped(db, t, shipmentId).where('id', '=', id).executeTakeFirst();
}

export async function selectInstructions(db: Database, t: Tenant, shipmentId: string, f: { after?: string; order: SortOrder; limit?: number }): Promise<DisposalInstructionRow[]> {
  return keysetWindow(scoped(db, t, shipmentId), 'id', f).execute();
}

/** The accepted instructions of a shipment, oldest first: what its note prints. */
export async function selectAcceptedInstructions(db: Database, t: Tenant, shipmentId: string): Promise<DisposalInstructionRow[]> {
  return scoped(db, t, shipmentId).where('status', '=', 'accepted').orderBy('id', 'asc').execute();
}

/** Records the carrier's decision on an instruction still `instructed` (the shipment row is locked by the caller). */
export function decideInstructionWrite(
  db: Database,
  t: Tenant,
  id: string,
  decision: Pick<DisposalInstructionRow, 'status' | 'refusal_reason' | 'refusal_text' | 'decision_event_id' | 'rendered_document_id' | 'decided_at'>,
): Write {
  return db.updateTable('disposal_instructions').set(decision).where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).where('status', '=', 'instructed');
}
