/**
 * What the signing page at GET /sign/{token} shows: the sign context (the same use case as
 * GET /v1/sign/{token}, so the page and the API never disagree), the consignment note box by box
 * in the page's language — built by the note's own content builder, the words the PDF prints — and
 * whether the signer may hand the device to the consignee once they have signed. A link that
 * cannot be used raises its code (token states, not found); the page says why in the link's language.
 */
import type { Services } from '../../core/context.js';
import { NOTE_LABELS } from '../documents/consignment-note/cmr-labels.js';
import type { NoteLabels } from '../documents/consignment-note/note-labels.js';
import { noteContent, type NoteContent } from '../documents/consignment-note/note-content.js';
import { noteZones, type NoteZones } from '../documents/consignment-note/note-zones.js';
import { noteEstablished } from '../documents/consignment-note-version.js';
import { inspectionUrl } from '../documents/inspection-link.js';
import { noteReservations } from '../remarks/note-reservations.js';
import { findShipment } from '../shipments/get-shipment.js';
import { noteSignature } from '../signatures/note-signatures.js';
import { signContext } from '../signatures/sign-context.js';
import { hashSignToken } from '../signatures/sign-link-token.js';
import { openSignLink } from '../signatures/sign-link.js';
import type { MessageLanguage } from '../signatures/sign-messages.js';
import { PHASE_OF, statusAfter } from '../signatures/signature-rules.js';
import { selectSignatureRequestByTokenHash } from '../signatures/signature-requests.repository.js';
import { selectSignatures } from '../signatures/signatures.repository.js';
import { driverStopPath, stopOfShipment } from '../tours/stop-of-shipment.js';
import { pageLanguage } from './sign-app-words.js';

/** The sign context: what GET /v1/sign/{token} answers. */
export type SignPageContext = Awaited<ReturnType<typeof signContext>>;

export interface SignPage {
  language: MessageLanguage;
  context: SignPageContext;
  labels: NoteLabels;
  note: NoteContent;
  transportType: string;
  /** The zones its times print in: the link's end in the establishment place's. */
  zones: NoteZones;
  /** The driver's own link, and after this signature the goods are in transit: offer the handoff to the consignee. */
  handOffAfterSigning: boolean;
  /** Signed on the driver's phone, handed over from the driver app: the stop to give it back at (`/driver#/stop/…`). */
  backToDriver: string | null;
  /** Signed on a device handed over by the driver: the done page says to give it back. */
  handedOver: boolean;
}

export async function signPage(services: Services, token: string, requestId: string): Promise<SignPage> {
  const context: SignPageContext = await signContext(services, token, requestId);
  const { request, ctx } = await openSignLink(services, token, requestId);
  const shipment = await findShipment(ctx.db, ctx, request.shipment_id);
  const signed = await selectSignatures(ctx.db, ctx, shipment.id);
  const language = pageLanguage(context.language);
  // The note shows every remark of the shipment, as the PDF does; the context lists this phase's.
  const reservations = await noteReservations(ctx.db, ctx, shipment.id, language);
  const note = noteContent(
    {
      shipment: { ...shipment.data, id: shipment.id, status: shipment.status, transport_type: shipment.transport_type },
      document_id: context.document.id,
      version: context.document.version,
      inspection_url: shipment.inspection_token ? inspectionUrl(ctx.publicBaseUrl, shipment.inspection_token) : '',
      language,
      established: noteEstablished(shipment, shipment.created_at),
      rendered_at: shipment.updated_at,
      signatures: signed.map((row) => noteSignature(row)),
      reservations,
    },
    NOTE_LABELS[language],
  );
  const after = statusAfter(signed, request.role) ?? shipment.status;
  // A party handed the phone signs and gives it back; only the driver's own link hands over (hand-off.ts).
  const handedOver = request.channel === 'handoff';
  const stop = handedOver && !request.handoff_from ? await stopOfShipment(ctx.db, ctx, shipment.id, PHASE_OF[request.role]) : null;
  return {
    language,
    context,
    labels: NOTE_LABELS[language],
    note,
    transportType: shipment.transport_type,
    zones: noteZones(shipment.data),
    handOffAfterSigning: request.role === 'carrier' && !handedOver && after === 'in_transit',
    handedOver,
    backToDriver: stop ? driverStopPath(stop) : null,
  };
}

/** The language of a link that cannot be used (revoked, expired…), to say so in it; null when unknown. */
export async function linkLanguage(services: Services, token: string): Promise<MessageLanguage | null> {
  const request = await selectSignatureRequestByTokenHash(services.db, hashSignToken(token));
  return request ? pageLanguage(request.language) : null;
}

/** True when the link was used to sign: its expiry is then its copy's (open-signer-copy.ts). */
export async function linkUsed(services: Services, token: string): Promise<boolean> {
  return (await selectSignatureRequestByTokenHash(services.db, hashSignToken(token)))?.status === 'completed';
}
