/**
 * A used sign link keeps one thing: the signer's copy (docs/signatures.md, "The signer's copy").
 * For `copyDays` (SIGNER_COPY_DAYS) after the signature it opens the version of the note that
 * signature sealed — never a later one, never another shipment's — and after that it is expired.
 * A link not used yet has no copy; a withdrawn or replaced one says so as every sign route does.
 */
import type { Services, TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { assertLinkStanding, linkTenant } from '../signatures/sign-link.js';
import { hashSignToken } from '../signatures/sign-link-token.js';
import { selectSignatureRequestByTokenHash, type SignatureRequestRow } from '../signatures/signature-requests.repository.js';
import { selectSignatures, type SignatureRow } from '../signatures/signatures.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface OpenSignerCopy {
  request: SignatureRequestRow;
  ctx: TenantContext;
  signature: SignatureRow;
  /** When the copy stops opening: the signature's time plus the copy period. */
  expiresAt: Date;
}

/** The end of the copy period of a signature made at `signedAt`. */
export function copyExpiry(signedAt: Date, copyDays: number): Date {
  return new Date(signedAt.getTime() + copyDays * DAY_MS);
}

/** Raises `not_found`, `token_revoked`, `token_rotated`, `invalid_state` (not signed yet) and `token_expired` (the copy period ended). */
export async function openSignerCopy(services: Services, token: string, requestId: string, copyDays: number): Promise<OpenSignerCopy> {
  const request = await selectSignatureRequestByTokenHash(services.db, hashSignToken(token));
  assertLinkStanding(request);
  if (request.status !== 'completed' || !request.signature_id) throw new AppError('invalid_state', 'Nothing has been signed through this link yet: its copy exists once it is used to sign.');
  const ctx = await linkTenant(services, request, requestId);
  const signature = (await selectSignatures(ctx.db, ctx, request.shipment_id)).find((s) => s.id === request.signature_id);
  if (!signature) throw new Error(`signature request ${request.id} is completed by ${request.signature_id}, which is missing`);
  const expiresAt = copyExpiry(signature.signed_at, copyDays);
  if (ctx.clock.now() >= expiresAt) throw new AppError('token_expired', `This link has expired: the copy of this signature could be downloaded until ${expiresAt.toISOString()}. Ask the sender for the document.`);
  return { request, ctx, signature, expiresAt };
}
