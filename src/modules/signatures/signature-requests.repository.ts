/** Queries on signature requests (sign links). */
import { sql, type Selectable } from 'kysely';
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

/** The requests of one shipment of the tenant, oldest first. */
export async function selectShipmentSignatureRequests(db: Database, t: Tenant, shipmentId: string): Promise<SignatureRequestRow[]> {
  return db.selectFrom('signature_requests').selectAll().where('shipment_id', '=', shipmentId).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode).orderBy('created_at').orderBy('id').execute();
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

/**
 * The sender keeps its right of disposal after signing with its link (CMR art. 12(1)) and gives
 * instructions through that link (docs/right-of-disposal.md). A link that asks for a one-time
 * password then still needs one, so a used link of the sender that asks for it keeps its sealed
 * recipient to send the code to — until the shipment is delivered or cancelled and nobody instructs
 * any more (forgetUsedRecipientsWrite). Every other link forgets it once used.
 */
const RECIPIENT_AFTER_USE = sql<string | null>`case when role = 'consignor' and otp_required then recipient_sealed else null end`;

export function setRequestStatusWrite(db: Database, id: string, from: SignatureRequestRow['status'], to: SignatureRequestRow['status'], now: Date, signatureId?: string): Write {
  const ended = to === 'pending' ? {} : to === 'completed' ? { ...ENDED, recipient_sealed: RECIPIENT_AFTER_USE } : ENDED;
  return db
    .updateTable('signature_requests')
    .set({ ...ended, status: to, updated_at: now, ...(signatureId ? { signature_id: signatureId } : {}) })
    .where('id', '=', id)
    .where('status', '=', from);
}

/** Once the shipment is delivered or cancelled: the used links forget the recipients they kept, and their OTP material. */
export function forgetUsedRecipientsWrite(db: Database, t: Tenant, shipmentId: string): Write {
  return db
    .updateTable('signature_requests')
    .set(ENDED)
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .where('status', '=', 'completed')
    .where('recipient_sealed', 'is not', null);
}
