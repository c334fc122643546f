/** A delegation as its grantor sees it; the status is judged at `now`, as the listener judges a read. */
import type { EftiPlatform } from '../../ports/efti-gate.js';
import { FEDERATED_PATHS } from './federated-paths.js';
import type { DelegationRow } from './delegations.repository.js';

export function delegationStatus(row: Pick<DelegationRow, 'revoked_at' | 'expires_at'>, now: Date): 'active' | 'expired' | 'revoked' {
  if (row.revoked_at) return 'revoked';
  return row.expires_at.getTime() <= now.getTime() ? 'expired' : 'active';
}

/**
 * Where the grantee reads the note: the platform listener, which exists only with the eFTI
 * configuration (EFTI_*). Without it the grant still stands — its evidence is signed and chained
 * on its own — but nobody can read through it yet: null, until the listener is configured.
 */
export function federatedReadUrl(shipmentId: string, listener: Pick<EftiPlatform, 'listenerUrl'> | undefined): string | null {
  return listener ? `${listener.listenerUrl}${FEDERATED_PATHS.note.replace(':id', shipmentId)}` : null;
}

export function delegationView(row: DelegationRow, now: Date, listener: Pick<EftiPlatform, 'listenerUrl'> | undefined) {
  return {
    id: row.id,
    shipment_id: row.shipment_id,
    grantee: { name: row.grantee_name, platform_id: row.grantee_platform_id, certificate_sha256: row.grantee_thumbprint },
    on_behalf_of: row.on_behalf_of,
    scope: row.scope,
    note: { version: row.note_version, sha256: row.note_sha256 },
    status: delegationStatus(row, now),
    expires_at: row.expires_at.toISOString(),
    revoked_at: row.revoked_at?.toISOString() ?? null,
    granted_by_key_id: row.granted_by_key_id,
    event_id: row.grant_event_id,
    evidence: row.evidence,
    read_url: federatedReadUrl(row.shipment_id, listener),
    created_at: row.created_at.toISOString(),
  };
}

export type DelegationView = ReturnType<typeof delegationView>;
