/**
 * Everything the console's shipment page shows, read through the modules' own use cases: the
 * shipment, its whole event chain and who caused each event, the inspector's integrity verdict,
 * documents and note versions, signatures and sign links, remarks, the proof of delivery, the
 * invoice and the inspection views.
 * A shipment of another organisation or mode is `not_found` (the first read raises it).
 */
import type { TenantContext } from '../../core/context.js';
import { isAppError, type ErrorCode } from '../../core/errors.js';
import type { Page } from '../../core/pagination.js';
import { listDocuments } from '../documents/list-documents.js';
import { checkShipmentVerdict } from '../inspect/check-shipment-verdict.js';
import { listInspectionViews } from '../inspect/list-inspection-views.js';
import { getInvoice } from '../invoices/get-invoice.js';
import { getProofOfDelivery } from '../pod/get-proof-of-delivery.js';
import { listRemarks } from '../remarks/list-remarks.js';
import { getShipment } from '../shipments/get-shipment.js';
import { listShipmentEvents } from '../shipments/list-shipment-events.js';
import { listShipmentSignatureRequests } from '../signatures/list-shipment-signature-requests.js';
import { listSignatures } from '../signatures/list-signatures.js';
import type { Mode } from '../../core/mode.js';
import type { ConsoleSessionView } from '../console-auth/console-auth.schema.js';
import { apiLanguage, type ConsoleLanguage } from './console-words.js';
import { eventActorNames } from './event-actor-names.js';

/** A page of the modules' largest size: a shipment has few of each; the inspection log says when more exist. */
const ALL = 100;

/** Every page of a list, in its order. */
async function everyPage<T>(read: (cursor: string | undefined) => Promise<Page<T>>): Promise<T[]> {
  const rows: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await read(cursor);
    rows.push(...page.data);
    cursor = page.next_cursor ?? undefined;
  } while (cursor);
  return rows;
}

/** The answer, or null when the use case says the thing does not exist yet (`pod_not_available` before delivery). */
async function unlessNotYet<T>(read: Promise<T>, notYet: ErrorCode): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isAppError(error) && error.code === notYet) return null;
    throw error;
  }
}

export async function readShipmentDossier(ctx: TenantContext, id: string, language: ConsoleLanguage) {
  const shipment = await getShipment(ctx, id, apiLanguage(language));
  const [events, verdict, documents, signatures, signatureRequests, remarks, pod, invoice, inspectionViews] = await Promise.all([
    everyPage((cursor) => listShipmentEvents(ctx, id, { limit: ALL, cursor })),
    checkShipmentVerdict(ctx, id),
    everyPage((cursor) => listDocuments(ctx, id, { limit: ALL, cursor })),
    everyPage((cursor) => listSignatures(ctx, id, { limit: ALL, cursor })),
    listShipmentSignatureRequests(ctx, id),
    everyPage((cursor) => listRemarks(ctx, id, { limit: ALL, cursor, order: 'asc' })),
    unlessNotYet(getProofOfDelivery(ctx, id), 'pod_not_available'),
    unlessNotYet(getInvoice(ctx, id), 'invoice_not_available'),
    listInspectionViews(ctx, id, { limit: ALL }),
  ]);
  // Who caused each event: the chain keeps ids, the timeline shows what they name now.
  const actors = await eventActorNames(ctx, events);
  return { shipment, events, actors, verdict, documents, signatures, signatureRequests, remarks, pod, invoice, inspectionViews };
}

export type ShipmentDossier = Awaited<ReturnType<typeof readShipmentDossier>>;

/** What the shipment page renders: the dossier in the member's frame. */
export interface ShipmentPage {
  language: ConsoleLanguage;
  view: ConsoleSessionView;
  mode: Mode;
  dossier: ShipmentDossier;
  /** What the member may do to the shipment, already escaped; placed under the header. */
  actionsHtml: string;
  /** The outcome of the act the member just did (or its refusal), shown at the top. */
  notice?: { text: string; error?: boolean };
  /** Where the page's script asks for it again, and the validator it was drawn at (shipment-live.ts); none: a page without it. */
  live?: { src: string; tag: string };
}
