/**
 * POST /v1/driver/shipments/{id}/signatures: a signature on the driver's phone — the driver's own
 * as the carrier at pickup, or the consignor's or consignee's on the handed-over phone, in the app
 * (so it can be queued offline, which a handoff link cannot) — through the same use case as the
 * API's signature (record-signature.ts): the note version, `signature.completed`, webhooks and the
 * hash chain are the API's. The driver session is the authentication (level `platform_auth`); the
 * capture time joins the evidence.
 */
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import type { Language } from '../../core/language.js';
import type { AlsoWrite } from '../../ports/database.js';
import { recordSignature } from '../signatures/record-signature.js';
import type { SignatureView } from '../signatures/signature-view.js';
import { drawnImage } from '../signatures/submit-signature.js';
import { capturedAt } from './captured-at.js';
import { findDriverShipment, type DriverRequest } from './driver-work.js';
import type { Services } from '../../core/context.js';

export interface DriverSignature {
  role?: 'carrier' | 'consignor' | 'consignee';
  signature: { type: 'typed' } | { type: 'drawn'; image: string };
  signer_name?: string;
  document_id: string;
  document_sha256: string;
  location?: { lat: number; lng: number; accuracy_m?: number };
  captured_at?: string;
}

export async function recordDriverSignature(services: Services, request: DriverRequest, shipmentId: string, body: DriverSignature, language: Language, alsoWrite?: AlsoWrite<SignatureView>): Promise<SignatureView> {
  const { ctx, tour } = await findDriverShipment(services, request, shipmentId);
  const role = body.role ?? 'carrier';
  // The driver is the carrier's signer by default; a handed-over signer must say who they are.
  const signerName = body.signer_name ?? (role === 'carrier' ? tour.driver.name : undefined);
  if (!signerName) throw new AppError('validation_failed', `The ${role} signing on the driver's phone must give their name.`, { errors: [finding('$.signer_name', 'required', { field: 'signer_name' })] });
  const captured = capturedAt(ctx.clock, body.captured_at);
  return recordSignature(
    ctx,
    shipmentId,
    {
      role,
      signer_name: signerName,
      method: body.signature.type,
      level: 'platform_auth',
      evidence: { ip: request.ip, user_agent: request.userAgent ?? null, location: body.location, captured_at: captured },
      image_png: body.signature.type === 'drawn' ? drawnImage(body.signature.image) : undefined,
      shown: { document_id: body.document_id, sha256: body.document_sha256 },
    },
    language,
    alsoWrite,
  );
}
