/**
 * POST /v1/sign/{token}/submit: the signer signs through their link. Checks run in the order the
 * service description gives — the token (judged as the request arrives, before the body:
 * src/modules/signatures/sign-link-access.ts), then (when the link requires them) the one-time password
 * and the identification, then the document version — and the signature is recorded like any
 * other (record-signature.ts), with the link marked used in the same transaction. At `ades`/`qes`
 * the trust service signs the SHA-256 of the version shown first (trust-signature.ts): method
 * `trust_service`, its signature in the evidence.
 */
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import { imageDimensions } from '../../core/image-dimensions.js';
import { assertPixelLimit, SIGNATURE_IMAGE_LIMIT } from '../../core/image-limits.js';
import type { Language } from '../../core/language.js';
import type { AlsoWrite } from '../../ports/database.js';
import { recordSignature } from './record-signature.js';
import { assertOtpVerified } from './one-time-passwords.js';
import type { OpenSignLink } from './sign-link.js';
import type { SignatureView } from './signature-view.js';
import { assertIdentified, signShownVersion } from './trust-signature.js';

export interface SubmitSignature {
  signer_name: string;
  signature: { type: 'typed' } | { type: 'drawn'; image: string };
  document_id: string;
  document_sha256: string;
  otp_verified_token?: string;
  identification_token?: string;
  location?: { lat: number; lng: number; accuracy_m?: number };
  place?: string;
}

const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;
const MAX_IMAGE_BYTES = 512 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The drawn signature's PNG bytes, or a finding on `signature.image`: a PNG data URL of at most
 * 512 KB whose header (IHDR, read without decoding) declares at most SIGNATURE_IMAGE_LIMIT's
 * pixels, since every PDF that prints the signature decodes it.
 */
export function drawnImage(dataUrl: string): Buffer {
  const match = PNG_DATA_URL.exec(dataUrl);
  const bytes = match ? Buffer.from(match[1]!, 'base64') : undefined;
  if (!bytes || bytes.length > MAX_IMAGE_BYTES || !bytes.subarray(0, 8).equals(PNG_SIGNATURE) || !imageDimensions(bytes)) {
    throw new AppError('validation_failed', 'The drawn signature must be a PNG data URL of at most 512 KB.', { errors: [finding('signature.image', 'invalid_format', { format: 'data:image/png;base64,…' })] });
  }
  assertPixelLimit(bytes, SIGNATURE_IMAGE_LIMIT, '$.signature.image', 'drawn signature');
  return bytes;
}

export async function submitSignature(link: OpenSignLink, body: SubmitSignature, evidence: { ip: string; user_agent: string | null }, language: Language, alsoWrite?: AlsoWrite<SignatureView>): Promise<SignatureView> {
  const { request, ctx } = link;
  assertOtpVerified(ctx, request, body.otp_verified_token, ctx.clock.now());
  const identification = await assertIdentified(ctx, request, body.identification_token, body.signer_name, ctx.clock.now());
  const image = body.signature.type === 'drawn' ? drawnImage(body.signature.image) : undefined;
  const shown = { document_id: body.document_id, sha256: body.document_sha256 };
  const trustSignature = identification ? await signShownVersion(ctx, identification, request.shipment_id, shown) : undefined;
  return recordSignature(
    ctx,
    request.shipment_id,
    {
      role: request.role,
      successive_index: request.role === 'successive_carrier' ? request.successive_index : undefined,
      signer_name: body.signer_name,
      method: identification ? 'trust_service' : body.signature.type,
      level: request.level,
      evidence: {
        ip: evidence.ip,
        user_agent: evidence.user_agent,
        location: body.location,
        otp_reference: request.otp_required ? `otp:${request.id}` : undefined,
        identification_reference: identification?.id,
        trust_signature: trustSignature,
      },
      place: body.place,
      image_png: image,
      shown,
      signatureRequestId: request.id,
      handoffFrom: request.handoff_from ?? undefined,
      identificationId: identification?.id,
    },
    language,
    alsoWrite,
  );
}
