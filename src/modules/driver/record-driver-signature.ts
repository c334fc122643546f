/**
 * POST /v1/driver/shipments/{id}/signatures: a signature on the driver's phone — the driver's own
 * as the carrier at pickup, or the consignor's or consignee's on the handed-over phone, in the app
 * (so it can be queued offline, which a handoff link cannot) — through the same use case as the
 * API's signature (record-signature.ts): the note version, `signature.completed`, webhooks and the
 * hash chain are the API's. The driver session is the authentication (level `platform_auth`); the
 * capture time joins the evidence. A successive carrier's driver signs the takeover (role
 * `successive_carrier`) at a takeover stop of its tour, which names the carrier (box 17), with the
 * place it takes the goods over (typed, or the phone's position): `shipment.taken_over` follows.
 * The consignee does not sign for goods stopped by the right of disposal (`goods_stopped`).
 */
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import type { Language } from '../../core/language.js';
import type { AlsoWrite } from '../../ports/database.js';
import { recordSignature } from '../signatures/record-signature.js';
import type { SignatureView } from '../signatures/signature-view.js';
import { drawnImage } from '../signatures/submit-signature.js';
import { capturedAt } from './captured-at.js';
import { findDriverPickupShipment, findDriverShipment, findDriverStop, type DriverRequest } from './driver-work.js';
import type { Services, TenantContext } from '../../core/context.js';
import type { TourRow } from '../tours/tours.repository.js';
import { assertNotStopped } from '../disposal/stopped-goods.js';

/** The place of a takeover: the driver's words, else the phone's position; one of them is required (box 17 prints it). */
function takeoverPlace(body: DriverSignature): string {
  const typed = body.place?.trim();
  if (typed) return typed;
  if (body.location) return `${body.location.lat.toFixed(5)}, ${body.location.lng.toFixed(5)}`;
  throw new AppError('validation_failed', 'A takeover names the place where the goods are taken over: type it, or send the phone\'s `location`.', { errors: [finding('$.place', 'required', { field: 'place' })] });
}

/** The tour and context the role signs from, and for a takeover its successive carrier and place. */
async function signingStop(services: Services, request: DriverRequest, shipmentId: string, role: NonNullable<DriverSignature['role']>, body: DriverSignature): Promise<{ ctx: TenantContext; tour: TourRow; successive?: { index: number; place: string } }> {
  if (role === 'successive_carrier') {
    const { ctx, tour, stop } = await findDriverStop(services, request, shipmentId, 'takeover');
    return { ctx, tour, successive: { index: stop.successive_index ?? -1, place: takeoverPlace(body) } };
  }
  const found = role === 'consignee' ? await findDriverShipment(services, request, shipmentId) : await findDriverPickupShipment(services, request, shipmentId);
  if (role === 'consignee') await assertNotStopped(found.ctx.db, found.ctx, shipmentId, "the consignee's signature");
  return found;
}

export interface DriverSignature {
  role?: 'carrier' | 'consignor' | 'consignee' | 'successive_carrier';
  place?: string;
  signature: { type: 'typed' } | { type: 'drawn'; image: string };
  signer_name?: string;
  document_id: string;
  document_sha256: string;
  location?: { lat: number; lng: number; accuracy_m?: number };
  captured_at?: string;
}

export async function recordDriverSignature(services: Services, request: DriverRequest, shipmentId: string, body: DriverSignature, language: Language, alsoWrite?: AlsoWrite<SignatureView>): Promise<SignatureView> {
  const role = body.role ?? 'carrier';
  const { ctx, tour, successive } = await signingStop(services, request, shipmentId, role, body);
  // The driver is the signer of its own carrier by default; a handed-over signer must say who they are.
  const signerName = body.signer_name ?? (role === 'carrier' || role === 'successive_carrier' ? tour.driver.name : undefined);
  if (!signerName) throw new AppError('validation_failed', `The ${role} signing on the driver's phone must give their name.`, { errors: [finding('$.signer_name', 'required', { field: 'signer_name' })] });
  const captured = capturedAt(ctx.clock, body.captured_at);
  return recordSignature(
    ctx,
    shipmentId,
    {
      role,
      ...(successive ? { successive_index: successive.index, place: successive.place } : body.place !== undefined ? { place: body.place } : {}),
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
