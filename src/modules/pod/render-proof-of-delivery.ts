/**
 * Renders the proof of delivery as one A4 page, in the fonts of the consignment note: the shipment,
 * the consignee and the time and place of delivery, the consignee's signature with its evidence
 * (and the drawn image), the reservations with their photos' ids and hashes, and — anchored at the
 * foot — the final note version and the head of the event chain, which tie this page to them.
 * The reservations' photos follow as thumbnails on photo pages (documents/photo-sheets).
 * Reservations that do not fit are shortened, saying so: the page never runs over (the full text
 * is in the note and the JSON). Deterministic, like the note: the same input gives the same bytes.
 */
import { rgb, type PDFPage } from 'pdf-lib';
import { embeddable, SIGNATURE_IMAGE_LIMIT } from '../../core/image-limits.js';
import { NOTE_LABELS } from '../documents/consignment-note/cmr-labels.js';
import type { EvidencePhoto, NoteLanguage } from '../documents/consignment-note/consignment-note-input.js';
import { PHOTO_LABELS } from '../documents/photo-sheets/photo-labels.js';
import { drawPhotoSheets } from '../documents/photo-sheets/photo-sheet.js';
import { sheetPages, type SheetPhoto } from '../documents/photo-sheets/photo-sheet-pages.js';
import { A4, finishServicePdf, newServicePdf, plainSave, stampMetadata, type PdfFonts, type SavePdf } from '../documents/consignment-note/service-pdf.js';
import { localTime } from '../../core/local-time.js';
import { wrapLines, type Line } from '../documents/consignment-note/note-text.js';
import { PageText } from '../documents/consignment-note/page-text.js';
import { POD_LABELS, type PodLabels } from './pod-labels.js';

export interface PodPdfInput {
  shipment_id: string;
  reference: string | null;
  document_id: string;
  language: NoteLanguage;
  rendered_at: Date;
  consignee: string;
  delivered_at: Date;
  place: string;
  position: { lat: number; lng: number } | null;
  signature: { signer_name: string; signed_at: Date; captured_at?: Date | null; method: string; level: string; document_id: string; document_sha256: string; image_png?: Uint8Array };
  /** The legs of the carriage, in order (pod-legs.ts): who carried, taken over when and where, with which reservations. */
  legs?: { carrier: string; taken_over_at: Date | null; place: string | null; reservations: { type: string; text: string | null }[] }[];
  remarks: { id?: string; phase: 'pickup' | 'delivery' | 'takeover'; type: string; text: string | null; created_at: Date; captured_at?: Date | null; photos: EvidencePhoto[] }[];
  note: { document_id: string; version: number; sha256: string };
  chain: { seq: number; hash: string };
  /** Where times are printed (documents/consignment-note/note-zones.ts): the delivery and the consignee's signature in the delivery place's zone, each remark in its stop's, the rest in the establishment place's; absent, UTC. */
  zones?: { pickup: string; delivery: string; established: string };
}

/** The zone a remark's time prints in: its stop's, a takeover's the establishment place's (as on the note). */
const remarkZone = (zones: NonNullable<PodPdfInput['zones']>, phase: PodPdfInput['remarks'][number]['phase']) => (phase === 'takeover' ? zones.established : zones[phase]);

const PAGE_W = A4.width;
const PAGE_H = A4.height;
const MARGIN = 40;
const WIDTH = PAGE_W - 2 * MARGIN;
const LABEL_W = 150;
const SIZE = 9;
const LEADING = 12;
const GREY = rgb(0.35, 0.35, 0.35);
const BLACK = rgb(0, 0, 0);

class Page {
  y = PAGE_H - MARGIN;
  /** The page's text, written once after its lines and image (page-text.ts). */
  readonly written: PageText;

  constructor(
    readonly page: PDFPage,
    readonly fonts: PdfFonts,
  ) {
    this.written = new PageText(page);
  }

  readonly measure = { width: (text: string, bold: boolean) => (bold ? this.fonts.bold : this.fonts.regular).widthOfTextAtSize(text, SIZE) };

  text(text: string, x: number, y: number, options: { bold?: boolean; size?: number; grey?: boolean } = {}): void {
    this.written.draw(text, x, y, options.bold ? this.fonts.bold : this.fonts.regular, options.size ?? SIZE, options.grey ? GREY : BLACK);
  }

  heading(text: string): void {
    this.y -= 8;
    this.text(text, MARGIN, this.y - 11, { bold: true, size: 11 });
    this.page.drawLine({ start: { x: MARGIN, y: this.y - 15 }, end: { x: MARGIN + WIDTH, y: this.y - 15 }, thickness: 0.5, color: GREY });
    this.y -= 15 + 6;
  }

  /** A label and its value, the value wrapped in the column beside the label. */
  row(label: string, value: string, bold = false): void {
    const lines = wrapLines([{ text: value, bold }], WIDTH - LABEL_W, this.measure);
    this.text(label, MARGIN, this.y - SIZE, { grey: true });
    lines.forEach((line, i) => this.text(line.text, MARGIN + LABEL_W, this.y - SIZE - i * LEADING, { bold: line.bold }));
    this.y -= Math.max(1, lines.length) * LEADING;
  }

  /** Lines across the page down to `bottom`; false when some did not fit (the last shown is the notice). */
  lines(lines: readonly Line[], bottom: number, notice: string): boolean {
    const wrapped = wrapLines(lines, WIDTH, this.measure);
    const room = Math.floor((this.y - bottom) / LEADING);
    const fits = wrapped.length <= room;
    const shown = fits ? wrapped : [...wrapped.slice(0, Math.max(0, room - 1)), ...wrapLines([{ text: notice, bold: true }], WIDTH, this.measure).slice(0, 1)];
    shown.forEach((line, i) => this.text(line.text, MARGIN, this.y - SIZE - i * LEADING, { bold: line.bold }));
    this.y -= shown.length * LEADING;
    return fits;
  }
}

/** The capture time beside the recorded one, when the driver's phone kept the act offline first. */
function captured(l: PodLabels, at: Date | null | undefined, zone: string): string {
  return at ? ` (${l.captured} ${localTime(at, zone)})` : '';
}

const UTC_ZONES = { pickup: 'UTC', delivery: 'UTC', established: 'UTC' };

/** The reservations' photos in page order, each referred to by its reservation: phase, type and remark id. */
function sheetPhotos(input: PodPdfInput): SheetPhoto[] {
  const l = POD_LABELS[input.language];
  return input.remarks.flatMap((r) => {
    const reference = [l.phase[r.phase], NOTE_LABELS[input.language].reservationTypes[r.type] ?? r.type, r.id].filter(Boolean).join(' · ');
    return r.photos.map((photo) => ({ photo, reference }));
  });
}

function remarkLines(input: PodPdfInput): Line[] {
  const l = POD_LABELS[input.language];
  const zones = input.zones ?? UTC_ZONES;
  if (input.remarks.length === 0) return [{ text: l.none }];
  let shown = 0;
  return input.remarks.flatMap((r) => {
    const first = shown;
    shown += r.photos.length;
    return [
      { text: `${NOTE_LABELS[input.language].reservationTypes[r.type] ?? r.type} · ${l.phase[r.phase]} · ${localTime(r.created_at, remarkZone(zones, r.phase))}${captured(l, r.captured_at, remarkZone(zones, r.phase))}`, bold: true },
      ...(r.text ? [{ text: r.text }] : []),
      ...(r.photos.length > 0 ? [{ text: PHOTO_LABELS[input.language].onPages(r.photos.length, sheetPages(first, r.photos.length)) }] : []),
      ...r.photos.flatMap((p) => [{ text: `${l.photos}: ${p.document_id}` }, { text: `SHA-256 ${p.sha256}` }]),
    ];
  });
}

/** Each leg on a line of its own — number, carrier, taken over when and where — then its reservations, or none. */
function legLines(input: PodPdfInput): Line[] {
  const l = POD_LABELS[input.language];
  const zones = input.zones ?? UTC_ZONES;
  return (input.legs ?? []).flatMap((leg, i) => [
    { text: `${i + 1}. ${leg.carrier}`, bold: true },
    { text: [l.takenOver, leg.taken_over_at ? localTime(leg.taken_over_at, i === 0 ? zones.pickup : zones.established) : undefined, leg.place ?? undefined].filter(Boolean).join(' · ') },
    ...(leg.reservations.length === 0
      ? [{ text: `${l.remarks}: ${l.none}` }]
      : leg.reservations.map((r) => ({ text: `${l.remarks}: ${NOTE_LABELS[input.language].reservationTypes[r.type] ?? r.type}${r.text ? ` — ${r.text}` : ''}` }))),
  ]);
}

/** The page's bytes; `save` makes them from the finished document (sealing saves it with the seal's placeholder). */
export async function renderProofOfDelivery(input: PodPdfInput, save: SavePdf = plainSave): Promise<Uint8Array> {
  const l = POD_LABELS[input.language];
  const zones = input.zones ?? UTC_ZONES;
  const pdf = await newServicePdf();
  const { doc, fonts } = pdf;
  const p = new Page(doc.addPage([PAGE_W, PAGE_H]), fonts);

  p.text(l.title, MARGIN, p.y - 18, { bold: true, size: 18 });
  p.y -= 30;
  p.row(l.shipment, input.shipment_id);
  if (input.reference) p.row(l.reference, input.reference);
  p.row(l.consignee, input.consignee, true);
  // Recorded when the service received it; when the consignee signed offline, the hour at the dock beside it.
  p.row(l.deliveredAt, `${localTime(input.delivered_at, zones.delivery)}${captured(l, input.signature.captured_at, zones.delivery)}`, true);
  p.row(l.place, input.place);
  if (input.position) p.row(l.position, `${input.position.lat}, ${input.position.lng}`);

  p.heading(l.signature);
  p.row(l.signedBy, `${input.signature.signer_name} · ${localTime(input.signature.signed_at, zones.delivery)}${captured(l, input.signature.captured_at, zones.delivery)}`, true);
  p.row(l.method, `${input.signature.method} · ${input.signature.level}`);
  // Ids and hashes stand on rows of their own, so a hash is never broken across lines.
  p.row(l.signedVersion, input.signature.document_id);
  p.row('SHA-256', input.signature.document_sha256);
  // An image stored before its pixels were limited, and over the limit now, is left out: decoding it could take the thread for minutes.
  const png = embeddable(input.signature.image_png, SIGNATURE_IMAGE_LIMIT);
  if (png) {
    const image = await doc.embedPng(png);
    const scale = Math.min(50 / image.height, 200 / image.width);
    p.page.drawImage(image, { x: MARGIN + LABEL_W, y: p.y - image.height * scale - 4, width: image.width * scale, height: image.height * scale });
    p.y -= image.height * scale + 8;
  }

  // The foot: what ties this page to the note and the chain, always on the page.
  const footTop = MARGIN + 7 * LEADING + 30;
  if ((input.legs ?? []).length > 1) {
    p.heading(l.legs);
    p.lines(legLines(input), footTop, l.cut.replace('{id}', input.shipment_id));
  }
  p.heading(l.remarks);
  p.lines(remarkLines(input), footTop, l.cut.replace('{id}', input.shipment_id));
  p.y = footTop;
  p.heading(l.note);
  p.row(l.note, `${input.note.document_id} · v${input.note.version}`);
  p.row('SHA-256', input.note.sha256);
  p.row(l.chain, `seq ${input.chain.seq}`);
  p.row('SHA-256', input.chain.hash);
  p.text(`${input.shipment_id} · ${input.document_id}`, MARGIN, MARGIN - 14, { size: 6.5, grey: true });
  p.written.flush();

  // The photos as thumbnails on pages of their own, in the same sealed file: evidence, not links.
  const texts = new Map<PDFPage, PageText>();
  await drawPhotoSheets(doc, sheetPhotos(input), PHOTO_LABELS[input.language], (input.zones ?? UTC_ZONES).established, (n, of) => [PHOTO_LABELS[input.language].podPage(n, of), `${l.shipment}: ${input.shipment_id} · ${input.document_id}`], (page, text, x, y, o) => {
    if (!texts.has(page)) texts.set(page, new PageText(page));
    texts.get(page)!.draw(text, x, y, o.bold ? fonts.bold : fonts.regular, o.size, o.grey ? GREY : BLACK);
  });
  for (const written of texts.values()) written.flush();
  stampMetadata(doc, { title: `${l.title} ${input.shipment_id}`, language: input.language, at: input.rendered_at });
  return finishServicePdf(pdf, save);
}
