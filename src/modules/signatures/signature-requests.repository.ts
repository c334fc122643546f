/** Queries on signature requests (sign links). */
import type { Selectable } from 'kysely';
import type { SignatureRequestsTable } from './signatures.tables.js';
import type { Mode } from '../../core/mode.js';
import type { Database, Write } from '../../ports/database.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type SignatureRequestRow = Selectable<SignatureRequestsTable>;

/** What a new request starts with beyond what its creator decides: pending, unsigned, no codes. */
type NewRequest = Omit<SignatureRequestRow, 'status' | 'replaced_by' | 'signature_id' | 'updated_at' | 'otp_code_hash' | 'otp_code_expires_at' | 'otp_token_hash' | 'otp_token_expires_at'>;

export function newRequestRow(fields: NewRequest): SignatureRequestRow {
  return {
    ...fields,
    status: 'pending',
    replaced_by: null,
    signature_id: null,
    updated_at: fields.created_at,
    otp_code_hash: null,
    otp_code_expires_at: null,
    otp_token_hash: null,
    otp_token_expires_at: null,
  };
}

export function insertSignatureRequestWrite(db: Database, row: SignatureRequestRow): Write {
  return db.insertInto('signature_requests').values(row);
}

/** One request of the tenant; `forUpdate` locks it for the rest of the transaction. */
export async function selectSignatureRequest(db: Database, t: Tenant, id: string, options: { forUpdate?: boolean } = {}): Promise<SignatureRequestRow | undefined> {
  const query = db.selectFrom('signature_requests').selectAll().where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
  return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export async function selectSignatureRequestByTokenHash(db: Database, tokenHash: string): Promise<SignatureRequestRow | undefined> {
  return db.selectFrom('signature_requests').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** What a request no longer needs once it has ended: the sealed recipient and the OTP material. */
const ENDED = { recipient_sealed: null, otp_code_hash: null, otp_code_expires_at: null, otp_token_hash: null, otp_token_expires_at: null } as const;

/** Marks the pending links of a role replaced by `by` (one live link per role). */
export function replacePendingWrite(db: Database, shipmentId: string, role: string, successiveIndex: number, by: string, now: Date): Write {
  return db
    .updateTable('signature_requests')
    .set({ ...ENDED, status: 'replaced', replaced_by: by, updated_at: now })
    .where('shipment_id', '=', shipmentId)
    .where('role', '=', role as SignatureRequestRow['role'])
    .where('successive_index', '=', successiveIndex)
    .where('status', '=', 'pending');
}

export function setRequestStatusWrite(db: Database, id: string, from: SignatureRequestRow['status'], to: SignatureRequestRow['status'], now: Date, signatureId?: string): Write {
  return db
    .updateTable('signature_requests')
    .set({ ...(to === 'pending' ? {} : ENDED), status: to, updated_at: now, ...(signatureId ? { signature_id: signatureId } : {}) })
    .where('id', '=', id)
    .where('status', '=', from);
}

/** A shipment's requests, oldest first (a resent link's replacement after the one it replaced). */
export async function selectShipmentSignatureRequests(db: Database, t: Tenant, shipmentId: string): Promise<SignatureRequestRow[]> {
  return db
    .selectFrom('signature_requests')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .orderBy('id', 'asc')
    .execute();
}
