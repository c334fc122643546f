/**
 * Queries on delegations. The grantor's queries are scoped to the organisation and mode; the one
 * the federated listener runs is not (a grantee has no tenant here): it is keyed by the thumbprint
 * of the certificate the grantee proved it holds in the TLS handshake.
 */
import type { Selectable } from 'kysely';
import type { Mode } from '../../core/mode.js';
import type { SortOrder } from '../../core/pagination.js';
import type { Database, Write } from '../../ports/database.js';
import type { DelegationsTable } from './delegations.tables.js';
import { keysetWindow } from '../../ports/database-keyset.js';

interface Tenant {
  organizationId: string;
  mode: Mode;
}

export type DelegationRow = Selectable<DelegationsTable>;

export function insertDelegationWrite(db: Database, row: DelegationRow): Write {
  return db.insertInto('delegations').values(row);
}

export function revokeDelegationWrite(db: Database, t: Tenant, id: string, revoke: Pick<DelegationRow, 'revoked_at' | 'revoked_by_key_id' | 'revoke_event_id'>): Write {
  return db.updateTable('delegations').set(revoke).where('id', '=', id).where('organization_id', '=', t.organizationId).where('mode', '=', t.mode);
}

export async function selectDelegation(db: Database, t: Tenant, id: string): Promise<DelegationRow | undefined> {
  return db
    .selectFrom('delegations')
    .selectAll()
    .where('id', '=', id)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode)
    .executeTakeFirst();
}

export interface DelegationFilter {
  after?: string;
  order: SortOrder;
  limit: number;
}

export async function selectDelegations(db: Database, t: Tenant, shipmentId: string, f: DelegationFilter): Promise<DelegationRow[]> {
  let query = db
    .selectFrom('delegations')
    .selectAll()
    .where('shipment_id', '=', shipmentId)
    .where('organization_id', '=', t.organizationId)
    .where('mode', '=', t.mode);
  query = keysetWindow(query, 'id', f);
  return query.execute();
}

/** The delegations of one note to this certificate, newest first. */
export async function selectCertificateDelegations(db: Database, thumbprint: string, shipmentId: string): Promise<DelegationRow[]> {
  return db.selectFrom('delegations').selectAll().where('grantee_thumbprint', '=', thumbprint).where('shipment_id', '=', shipmentId).orderBy('id', 'desc').execute();
}

/** Whether any note was ever delegated to this certificate: tells "unknown certificate" (401) from "another note" (404). */
export async function isKnownCertificate(db: Database, thumbprint: string): Promise<boolean> {
  const row = await db.selectFrom('delegations').select('id').where('grantee_thumbprint', '=', thumbprint).limit(1).executeTakeFirst();
  return row !== undefined;
}
