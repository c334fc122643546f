/**
 * Grants another platform access to one consignment note (federated access): checks the expiry
 * window and the grantee's certificate, signs the evidence over the note version current now, and
 * stores the delegation with its chained `delegation.granted` event in one transaction.
 */
import { createHash } from 'node:crypto';
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding, registerFindingMessages } from '../../core/findings.js';
import { newId } from '../../core/ids.js';
import { withTransaction } from '../../ports/database.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import { findShipment } from '../shipments/get-shipment.js';
import { recordShipmentChange } from '../shipments/record-shipment-change.js';
import type { EvidenceSigner } from './delegation-evidence.js';
import { MAX_DELEGATION_DAYS, type CreateDelegation } from './delegation.schema.js';
import { delegationView, type DelegationView } from './delegation-view.js';
import { insertDelegationWrite, type DelegationRow } from './delegations.repository.js';
import { granteeCertificate } from './grantee-certificate.js';

registerFindingMessages({
  party_absent: {
    en: (p) => `The shipment has no ${String(p.role)}: only a party on the shipment can delegate its access.`,
    nl: (p) => `De zending heeft geen ${String(p.role)}: alleen een partij van de zending kan haar toegang delegeren.`,
    de: (p) => `Die Sendung hat keine Partei in der Rolle ${String(p.role)}: Nur eine Partei der Sendung kann ihren Zugriff delegieren.`,
    fr: (p) => `L'envoi n'a pas de partie dans le rôle ${String(p.role)} : seule une partie à l'envoi peut déléguer son accès.`,
  },
});

const DAY_MS = 24 * 60 * 60 * 1000;

/** Raises `validation_failed` unless the expiry is in the future and at most MAX_DELEGATION_DAYS ahead. */
function checkExpiry(expiresAt: string, now: Date): Date {
  const at = new Date(expiresAt);
  const latest = new Date(now.getTime() + MAX_DELEGATION_DAYS * DAY_MS);
  if (at.getTime() <= now.getTime()) throw new AppError('validation_failed', 'expires_at must be in the future.', { errors: [finding('$.expires_at', 'out_of_range', { comparison: 'after', limit: now.toISOString() })] });
  if (at.getTime() > latest.getTime()) {
    throw new AppError('validation_failed', `expires_at may be at most ${MAX_DELEGATION_DAYS} days ahead.`, { errors: [finding('$.expires_at', 'out_of_range', { comparison: 'at most', limit: latest.toISOString() })] });
  }
  return at;
}

export interface Grantor {
  /** The API key that grants: named in the evidence. */
  keyId: string;
}

/** Raises `not_found`, `invalid_state` (a draft has no note yet) and `validation_failed` (expiry, certificate, absent party). */
export async function createDelegation(ctx: TenantContext, shipmentId: string, input: CreateDelegation, grantor: Grantor, sign: EvidenceSigner): Promise<DelegationView> {
  const now = ctx.clock.now();
  return withTransaction(ctx.db, async (trx) => {
    // The shipment first: another organisation's id is not_found whatever the body says.
    const shipment = await findShipment(trx, ctx, shipmentId, { forUpdate: true });
    const expiresAt = checkExpiry(input.expires_at, now);
    const certificate = granteeCertificate(input.grantee.certificate, now);
    const note = await selectCurrentNote(trx, ctx, shipment.id);
    if (!note) throw new AppError('invalid_state', 'A draft has no consignment note to delegate: issue the shipment first.');
    if (!shipment.data[input.on_behalf_of]) {
      throw new AppError('validation_failed', `The shipment has no ${input.on_behalf_of}.`, { errors: [finding('$.on_behalf_of', 'party_absent', { role: input.on_behalf_of })] });
    }
    const id = newId('delegation', now);
    const evidence = await sign({
      delegationId: id,
      shipmentId: shipment.id,
      mode: ctx.mode,
      note: { version: note.version, sha256: note.sha256 },
      grantor: { organizationId: ctx.organizationId, role: input.on_behalf_of, keyId: grantor.keyId },
      grantee: { name: input.grantee.name, platformId: input.grantee.platform_id, thumbprint: certificate.thumbprint },
      scope: input.scope,
      issuedAt: now,
      expiresAt,
    });
    const event = {
      type: 'delegation.granted' as const,
      status: shipment.status,
      fields: {
        delegation_id: id,
        on_behalf_of: input.on_behalf_of,
        grantee_platform_id: input.grantee.platform_id,
        certificate_sha256: certificate.thumbprint,
        scope: input.scope,
        expires_at: expiresAt.toISOString(),
        note_version: note.version,
        evidence_sha256: createHash('sha256').update(evidence).digest('hex'),
      },
    };
    let row: DelegationRow | undefined;
    await recordShipmentChange(trx, ctx, shipment, {}, [event], now, async (_changed, [granted]) => {
      row = {
        id,
        organization_id: ctx.organizationId,
        mode: ctx.mode,
        shipment_id: shipment.id,
        grantee_name: input.grantee.name,
        grantee_platform_id: input.grantee.platform_id,
        grantee_certificate: certificate.pem,
        grantee_thumbprint: certificate.thumbprint,
        on_behalf_of: input.on_behalf_of,
        scope: [...input.scope],
        note_version: note.version,
        note_sha256: note.sha256,
        granted_by_key_id: grantor.keyId,
        evidence,
        grant_event_id: granted!.event_id,
        expires_at: expiresAt,
        revoked_at: null,
        revoked_by_key_id: null,
        revoke_event_id: null,
        created_at: now,
      };
      return [insertDelegationWrite(trx, row)];
    });
    return delegationView(row!, now, ctx.efti);
  });
}
