/**
 * A grantee platform reads the one note delegated to it (federated access), on the platform
 * listener. Who it is comes only from the TLS handshake: the thumbprint of the client certificate
 * it proved it holds. That thumbprint must match a delegation of this note (RFC 8705 binding).
 *
 * Outcomes: no certificate, or one no note was ever delegated to → `unauthorized`; a certificate
 * with delegations of other notes only → `not_found` (this note is not its business); the note's
 * delegations to it all revoked or expired → `token_revoked` / `token_expired` (the newest decides);
 * else the inspection document plus the delegation and its evidence. Every answer on a delegated
 * note is a `federated` view in the inspection log (2025/2243 Art. 3); refusals of unknown callers
 * name no note and are not logged there.
 */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { inspectionDocument, type InspectionDocument } from '../inspect/inspection-document.js';
import { recordInspectionView } from '../inspect/inspection-views.js';
import { findShipment } from '../shipments/get-shipment.js';
import { delegationStatus } from './delegation-view.js';
import { isKnownCertificate, selectCertificateDelegations } from './delegations.repository.js';

export const NO_CERTIFICATE = 'Present the client certificate named in a delegation of this note (mutual TLS).';

export interface FederatedRead {
  shipmentId: string;
  /** SHA-256 (base64url) of the client certificate of the TLS connection; null without one. */
  thumbprint: string | null;
  requestId: string;
  ip: string | null;
  userAgent: string | null;
  language: string | null;
}

export type FederatedNote = InspectionDocument & {
  delegation: { id: string; on_behalf_of: string; scope: string[]; expires_at: string; evidence: string };
};

/** Raises `unauthorized`, `not_found`, `token_revoked`, `token_expired`. */
export async function readFederatedNote(services: Services, read: FederatedRead): Promise<FederatedNote> {
  if (!read.thumbprint) throw new AppError('unauthorized', NO_CERTIFICATE);
  const delegations = await selectCertificateDelegations(services.db, read.thumbprint, read.shipmentId);
  if (delegations.length === 0) {
    if (await isKnownCertificate(services.db, read.thumbprint)) throw new AppError('not_found', `No consignment note ${read.shipmentId} is delegated to this certificate.`);
    throw new AppError('unauthorized', 'No delegation names this client certificate.');
  }
  const now = services.clock.now();
  const active = delegations.find((d) => delegationStatus(d, now) === 'active');
  const delegation = active ?? delegations[0]!;
  const status = delegationStatus(delegation, now);
  const outcome = status === 'active' ? 'ok' : status === 'revoked' ? 'token_revoked' : 'token_expired';
  await recordInspectionView(services, {
    organization_id: delegation.organization_id,
    mode: delegation.mode,
    shipment_id: delegation.shipment_id,
    channel: 'federated',
    ip: read.ip,
    user_agent: read.userAgent,
    language: read.language,
    outcome,
    viewer: delegation.grantee_platform_id,
    details: { delegation_id: delegation.id },
  });
  if (outcome === 'token_revoked') throw new AppError('token_revoked', `Delegation ${delegation.id} was revoked at ${delegation.revoked_at!.toISOString()}.`);
  if (outcome === 'token_expired') throw new AppError('token_expired', `Delegation ${delegation.id} expired at ${delegation.expires_at.toISOString()}.`);
  const tenant = { ...services, organizationId: delegation.organization_id, mode: delegation.mode, requestId: read.requestId };
  const shipment = await findShipment(services.db, tenant, delegation.shipment_id);
  return {
    ...(await inspectionDocument(services, shipment)),
    delegation: { id: delegation.id, on_behalf_of: delegation.on_behalf_of, scope: delegation.scope, expires_at: delegation.expires_at.toISOString(), evidence: delegation.evidence },
  };
}
