/**
 * POST /v1/sign/{token}/identification (service description, Authentication 9): for a sign link at
 * level `ades` or `qes`, identifies the signer at the trust service (the sandbox simulator in test
 * mode, the configured provider in live) and answers an identification token to send with the
 * submit — valid once, for 15 minutes, only for this link. Stored only as its SHA-256, with the
 * provider's activation data sealed until the signature uses it.
 * Raises 409 `shipment_immutable` for a delivered or cancelled shipment, 409 `conflict` for a `platform_auth` link (nothing to
 * identify), 422 `validation_failed` for an impossible birth date, 503 `qtsp_unavailable`, and 429
 * `rate_limited` past IDENTIFICATION_ATTEMPTS a link in IDENTIFICATION_WINDOW_S: a known name with
 * guessed birth dates must not be tried freely against a provider (each try may also cost money),
 * while a signer who mistyped still has room. Counted in the key-value store, so across processes.
 */
import { randomBytes } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { newId } from '../../core/ids.js';
import { writeAsOneStatement } from '../../ports/database.js';
import { rateLimiterOf } from '../../core/rate-limiters.js';
import type { KeyValue, RateLimitDecision } from '../../ports/keyvalue.js';
import { insertIdentificationWrite } from './identifications.repository.js';
import { sealText } from './sealed-recipient.js';
import { assertLinkShipmentOpen, type OpenSignLink } from './sign-link.js';
import { hashSignToken } from './sign-link-token.js';
import { atTrustService, trustServiceFor } from './trust-service-for.js';
import { signerNameHash } from './trust-signature.js';

export const IDENTIFICATION_TTL_MS = 15 * 60 * 1000;
export const IDENTIFICATION_ATTEMPTS = 5;
export const IDENTIFICATION_WINDOW_S = 15 * 60;

/** Spends one identification attempt of the link, or raises `rate_limited` with Retry-After. */
async function spendAttempt(kv: KeyValue, signatureRequestId: string): Promise<void> {
  const limiter = rateLimiterOf(kv, { keyPrefix: 'rl:identify', points: IDENTIFICATION_ATTEMPTS, durationS: IDENTIFICATION_WINDOW_S });
  let decision: RateLimitDecision;
  try {
    decision = await limiter.consume(signatureRequestId);
  } catch (error) {
    throw new AppError('service_unavailable', 'The rate-limit store is not answering; retry shortly.', { cause: error });
  }
  if (!decision.allowed) {
    const retryAfter = String(Math.max(1, Math.ceil(decision.resetMs / 1000)));
    throw new AppError('rate_limited', `At most ${IDENTIFICATION_ATTEMPTS} identifications per link in ${IDENTIFICATION_WINDOW_S / 60} minutes; retry after ${retryAfter} s.`, { headers: { 'retry-after': retryAfter } });
  }
}

export interface IdentifySigner {
  signer_name: string;
  birth_date: string;
}

export interface IdentificationView {
  identification_token: string;
  expires_at: string;
  provider: string;
  level: 'ades' | 'qes';
}

/** A calendar date, not in the future. */
function checkBirthDate(value: string, now: Date): void {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value || date > now) {
    throw new AppError('validation_failed', 'The identification does not validate; see errors.', { errors: [finding('birth_date', 'invalid_format', { format: 'YYYY-MM-DD, a past date' })] });
  }
}

export async function identifySigner(link: OpenSignLink, body: IdentifySigner): Promise<IdentificationView> {
  const { request, ctx } = link;
  await assertLinkShipmentOpen(link);
  if (request.level === 'platform_auth') throw new AppError('conflict', 'This link signs at platform_auth: there is nothing to identify; submit without an identification.');
  const level = request.level;
  const now = ctx.clock.now();
  checkBirthDate(body.birth_date, now);
  await spendAttempt(ctx.kv, request.id);
  const trust = trustServiceFor(ctx, level);
  const identified = await atTrustService(ctx, 'identification', () => trust.identify({ name: body.signer_name, birthDate: body.birth_date, level }));
  const identificationToken = `idt_${randomBytes(32).toString('base64url')}`;
  const expiresAt = new Date(now.getTime() + IDENTIFICATION_TTL_MS);
  await writeAsOneStatement(ctx.db, [
    insertIdentificationWrite(ctx.db, {
      id: newId('identification', now),
      organization_id: ctx.organizationId,
      mode: ctx.mode,
      signature_request_id: request.id,
      token_hash: hashSignToken(identificationToken),
      level,
      signer_name_hash: signerNameHash(ctx.secrets.urls, body.signer_name),
      provider: identified.provider,
      provider_reference: identified.reference,
      credential_id: identified.credentialId,
      sign_algo: identified.signAlgo,
      certificate: identified.certificate,
      activation_sealed: sealText(ctx.secrets.urls, 'activation-seal', identified.activationData),
      expires_at: expiresAt,
      used_at: null,
      created_at: now,
    }),
  ]);
  return { identification_token: identificationToken, expires_at: expiresAt.toISOString(), provider: identified.provider, level };
}
