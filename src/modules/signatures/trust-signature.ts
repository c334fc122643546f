/**
 * The submit of an `ades`/`qes` link: the identification it names must be of this link, unused
 * and at most 15 minutes old (service description, Authentication 9), and the trust service then
 * signs the SHA-256 of the version shown — before anything is recorded, so a refusal leaves
 * nothing behind. The identification is spent by the signature's own transaction
 * (record-signature.ts), so a refused or conflicting submit can try again with it.
 */
import { createHmac } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { TrustSignature } from './sign-steps.tables.js';
import { SHA256_OID, type Identification } from '../../ports/trust-service.js';
import { selectCurrentNote } from '../documents/documents.repository.js';
import { selectIdentificationByTokenHash, type IdentificationRow } from './identifications.repository.js';
import { assertShownIsCurrent } from './record-signature.js';
import { openText } from './sealed-recipient.js';
import { hashSignToken } from './sign-link-token.js';
import type { SignatureRequestRow } from './signature-requests.repository.js';
import { atTrustService, trustServiceFor } from './trust-service-for.js';

/** Keyed hash of a signer's name, the same however it is spaced or capitalised. */
export function signerNameHash(secret: string, name: string): string {
  return createHmac('sha256', secret).update(`signer-name\n${name.normalize('NFC').trim().replace(/\s+/g, ' ').toLowerCase()}`).digest('hex');
}

/**
 * For an `ades`/`qes` link, its identification; missing 422 `identification_required`, otherwise
 * unusable 422 `identification_invalid`; a `signer_name` other than the one identified 422 `validation_failed`.
 */
export async function assertIdentified(ctx: TenantContext, request: SignatureRequestRow, token: string | undefined, signerName: string, now: Date): Promise<IdentificationRow | undefined> {
  if (request.level === 'platform_auth') return undefined;
  if (!token) throw new AppError('identification_required', `This link signs at level ${request.level}: identify first (POST /v1/sign/{token}/identification), then send the identification_token.`);
  const row = await selectIdentificationByTokenHash(ctx.db, hashSignToken(token));
  if (!row || row.signature_request_id !== request.id || row.used_at !== null || row.expires_at <= now || row.activation_sealed === null) {
    throw new AppError('identification_invalid', 'The identification_token is unknown, already used, older than 15 minutes or for another link: identify again.');
  }
  if (row.signer_name_hash !== signerNameHash(ctx.secrets.urls, signerName)) {
    throw new AppError('validation_failed', 'The signature does not validate; see errors.', { errors: [{ path: '$.signer_name', code: 'invalid', message: 'Must be the name the signer was identified with.' }] });
  }
  return row;
}

/** The trust service's signature over the SHA-256 of the version shown; 409 `conflict` first if that version is no longer current. */
export async function signShownVersion(ctx: TenantContext, identification: IdentificationRow, shipmentId: string, shown: { document_id: string; sha256: string }): Promise<TrustSignature> {
  const current = await selectCurrentNote(ctx.db, ctx, shipmentId);
  if (current) assertShownIsCurrent(current, shown);
  const credential: IdentifiedCredential = {
    provider: identification.provider,
    reference: identification.provider_reference,
    credentialId: identification.credential_id,
    signAlgo: identification.sign_algo,
    certificate: identification.certificate,
    activationData: openText(ctx.secrets.urls, 'activation-seal', identification.activation_sealed!),
  };
  return trustSignVersion(ctx, identification.level, credential, shown.sha256);
}

/** A credential the trust service identified and authorised for one signature. */
export type IdentifiedCredential = Pick<Identification, 'provider' | 'reference' | 'credentialId' | 'signAlgo' | 'activationData'> & { certificate: string | null };

/** Has the trust service sign a note version's SHA-256 with the credential; 503 `qtsp_unavailable` when it refuses. */
export async function trustSignVersion(ctx: TenantContext, level: 'ades' | 'qes', credential: IdentifiedCredential, sha256: string): Promise<TrustSignature> {
  const trust = trustServiceFor(ctx, level);
  const { signatures } = await atTrustService(ctx, 'signature', () =>
    trust.signHash({
      credentialId: credential.credentialId,
      activationData: credential.activationData,
      hashes: [Buffer.from(sha256, 'hex').toString('base64')],
      hashAlgorithmOid: SHA256_OID,
      signAlgo: credential.signAlgo,
    }),
  );
  return {
    provider: credential.provider,
    provider_reference: credential.reference,
    credential_id: credential.credentialId,
    hash_algorithm: SHA256_OID,
    sign_algorithm: credential.signAlgo,
    signature_value: signatures[0]!,
    ...(credential.certificate ? { certificate: credential.certificate } : {}),
  };
}
