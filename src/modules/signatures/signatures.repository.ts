/** Queries on signatures, scoped to the organisation and mode. */
import type { Selectable } from 'kysely';
import type { SignaturesTable } from './signatures.tables.js';
import type { Mode } from '../../core/mode.js';
import { keysetWindow } from '../../ports/database-keyset.js';
import type { Database, Write } from '../../ports/database.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type SignatureRow = Selectable<SignaturesTable>;

export function insertSignatureWrite(db: Database, row: SignatureRow): Write {
  return db.insertInto('signatures').values({ ...row, location: row.location ? JSON.stringify(row.location) : null, trust_signature: row.trust_signature ? JSON.stringify(row.trust_signature) : null, provider_evidence: row.provider_evidence ? JSON.stringify(row.provider_evidence) : null });
}

/** A shipment's signatures in the order they were given; all of them unless a page is asked for. */
export async function selectSignatures(db: Database, t: Tenant, shipmentId: string, page: { after?: string; limit?: number } = {}): Promise<SignatureRow[]> {
  let query = db
    .selectFrom('signatures')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode);
  query = keysetWindow(query, 'id', { ...page, order: 'asc' });
  return query.execute();
}
