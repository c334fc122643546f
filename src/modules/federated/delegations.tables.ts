/**
 * Row types of the federated-access module: the Kysely view of its table, beside the code that
 * queries it. src/adapters/database/schema.ts combines every module's into `DB`.
 */
import type { Timestamp } from '../../ports/database-columns.js';
import type { ShipmentOwned } from '../shipments/shipments.tables.js';

export type DelegationScopeColumn = 'read' | 'remarks';
export type DelegatingRoleColumn = 'consignor' | 'carrier' | 'consignee' | 'principal';

export interface DelegationsTable extends ShipmentOwned {
  grantee_name: string;
  grantee_platform_id: string;
  /** The grantee's certificate as given (PEM), and its SHA-256 thumbprint, base64url (RFC 8705 `x5t#S256`). */
  grantee_certificate: string;
  grantee_thumbprint: string;
  on_behalf_of: DelegatingRoleColumn;
  scope: DelegationScopeColumn[];
  /** The consignment-note version current at grant time, and its SHA-256 (hex). */
  note_version: number;
  note_sha256: string;
  granted_by_key_id: string;
  /** Compact JWS by the platform seal key, as issued. */
  evidence: string;
  grant_event_id: string;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  revoked_by_key_id: string | null;
  revoke_event_id: string | null;
  created_at: Timestamp;
}
