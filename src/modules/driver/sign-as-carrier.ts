/**
 * POST /v1/driver/shipments/{id}/signatures: the driver signs the note as the carrier at pickup,
 * through the same use case as the API's signature (record-signature.ts), so the note version,
 * `signature.completed`, webhooks and the hash chain are the API's. The driver session is the
 * authentication (level `platform_auth`); the capture time joins the evidence.
 */
import type { Language } from '../../core/language.js';
import { recordSignature } from '../signatures/record-signature.js';
import type { SignatureView } from '../signatures/signature-view.js';
import { drawnImage } from '../signatures/submit-signature.js';
import { capturedAt } from './captured-at.js';
import { findDriverShipment, type DriverRequest } from './driver-work.js';
import type { Services } from '../../core/context.js';

export interface DriverSignature {
  signature: { type: 'typed' } | { type: 'drawn'; image: string };
  signer_name?: string;
  document_id: string;
  document_sha256: string;
  location?: { lat: number; lng: number; accuracy_m?: number };
  captured_at?: string;
}

export async function signAsCarrier(services: Services, request: DriverRequest, shipmentId: string, body: DriverSignature, language: Language): Promise<SignatureView> {
  const { ctx, tour } = await findDriverShipment(services, request, shipmentId);
  const captured = capturedAt(ctx.clock, body.captured_at);
  return recordSignature(
    ctx,
    shipmentId,
    {
      role: 'carrier',
      signer_name: body.signer_name ?? tour.driver.name,
      method: body.signature.type,
      level: 'platform_auth',
      evidence: { ip: request.ip, user_agent: request.userAgent ?? null, location: body.location, captured_at: captured },
      image_png: body.signature.type === 'drawn' ? drawnImage(body.signature.image) : undefined,
      shown: { document_id: body.document_id, sha256: body.document_sha256 },
    },
    language,
  );
}
