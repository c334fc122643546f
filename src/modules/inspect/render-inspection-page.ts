/**
 * The HTML of the inspection page and of the page that says why a link cannot be used. A phone
 * page read at the roadside: server-rendered, no script at all, and no other request — its style
 * is inline (allowed by its hash in the Content-Security-Policy), so it shows on a weak connection
 * in one response. The verdict comes first, then status, parties, vehicle and goods (the note's
 * own printed text, from the same content builder as the PDF), signatures, remarks, the versions
 * with their download links, the eFTI identifier, and the whole note box by box, folded.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../core/project-root.js';
import { NOTE_LABELS } from '../documents/consignment-note/cmr-labels.js';
import type { NoteLanguage } from '../documents/consignment-note/consignment-note-input.js';
import { noteContent, type NoteContent } from '../documents/consignment-note/note-content.js';
import type { Line } from '../documents/consignment-note/note-text.js';
import { noteZones, signatureZone, type NoteZones } from '../documents/consignment-note/note-zones.js';
import { esc } from '../sign-app/html.js';
import { noteView } from '../sign-app/note-view.js';
import { fill, SIGN_APP_WORDS } from '../sign-app/sign-app-words.js';
import { CONTENT_KEY, type InspectionDocument } from './inspection-document.js';
import { LruCache } from '../../core/lru-cache.js';
import { formatNumber, formatTime, formatWeight } from './inspection-format.js';
import { INSPECTION_WORDS, languageName } from './inspection-languages.js';
import { INSPECTION_LANGUAGES, type InspectionLanguage } from './inspection-request.js';
import type { InspectionErrorCode, InspectionWords } from './words/inspection-words.js';

const STYLE = ['sign-app/assets/sign-app.css', 'inspect/assets/inspection-page.css'].map((file) => readFileSync(join(projectRoot(), 'src', 'modules', file), 'utf8')).join('\n');

/** The page's Content-Security-Policy: this inline style sheet and the photo thumbnails of this origin. */
export const INSPECTION_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; img-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'`;

/** Goods lines named in the summary; the whole note below lists them all. */
const GOODS_SHOWN = 5;
/** A time of this shipment on the wall clock of its place (documents/consignment-note/note-zones.ts), written as the page's language writes it. */
const when = (doc: InspectionDocument, language: InspectionLanguage, iso: string, place: keyof NoteZones = 'established') => formatTime(language, iso, noteZones(doc.note.data)[place]);
/** A signature's time on the wall clock of the stop where a signature of its role is made. */
const whenSigned = (doc: InspectionDocument, language: InspectionLanguage, iso: string, role: string) => formatTime(language, iso, signatureZone(noteZones(doc.note.data), role));
const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The note's printed language, whose labels the quoted boxes carry: the PDF's words, as printed. */
function printedLanguage(doc: InspectionDocument): NoteLanguage {
  const language = doc.note.language as NoteLanguage | null;
  return language && language in NOTE_LABELS ? language : 'en';
}

/**
 * Every language by its own name, each a link to this page in it (`?lang=`, relative, so the token
 * stays): the choice lives in the URL, kept on reload and when the link is passed on.
 */
function switcher(language: InspectionLanguage): string {
  let html = switchers.get(language);
  if (html === undefined) {
    html = switcherHtml(language);
    switchers.set(language, html);
  }
  return html;
}

/** The same for every page in a language: made once per language. */
const switchers = new Map<InspectionLanguage, string>();

function switcherHtml(language: InspectionLanguage): string {
  const w = INSPECTION_WORDS[language];
  const links = INSPECTION_LANGUAGES.map((l) =>
    l === language
      ? `<li><a href="?lang=${l}" hreflang="${l}" lang="${l}" aria-current="true">${esc(languageName(l, l, true))}</a></li>`
      : `<li><a href="?lang=${l}" hreflang="${l}" lang="${l}">${esc(languageName(l, l, true))}</a></li>`,
  );
  return `<nav class="languages" id="languages" aria-labelledby="languages-title"><h2 id="languages-title">${esc(w.language)}</h2><ul>${links.join('')}</ul></nav>`;
}

function shell(language: InspectionLanguage, title: string, body: string): string {
  const w = INSPECTION_WORDS[language];
  // The switcher sits at the foot (the verdict comes first); a link at the top leads to it.
  const jump = `<p class="language-jump"><a href="#languages">${esc(w.language)}: ${esc(languageName(language, language, true))}</a></p>`;
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="referrer" content="no-referrer"><meta name="robots" content="noindex"><title>${esc(title)}</title><style>${STYLE}</style></head>
<body>${jump}${body}${switcher(language)}</body></html>`;
}

function linesHtml(lines: readonly Line[]): string {
  const shown = lines.filter((l) => l.text !== '');
  return shown.length === 0 ? '<p>—</p>' : `<p>${shown.map((l) => (l.bold ? `<strong>${esc(l.text)}</strong>` : esc(l.text))).join('<br>')}</p>`;
}

function verdict(doc: InspectionDocument, language: InspectionLanguage, w: InspectionWords): string {
  const { integrity } = doc;
  const checked = `<p class="checked">${esc(fill(w.checkedAt, { time: when(doc, language, integrity.checked_at) }))}</p>`;
  if (integrity.verdict === 'intact') return `<section class="verdict intact" id="verdict" data-verdict="intact"><h2>✓ ${esc(w.intact)}</h2><p>${esc(w.intactText)}</p>${checked}</section>`;
  const why = [
    ...(integrity.chain.valid ? [] : [fill(w.chainBroken, { seq: integrity.chain.first_bad_seq ?? '?' })]),
    ...(integrity.document === null ? [w.noPdf] : []),
    ...(integrity.document && !integrity.document.sha256_matches ? [w.pdfChanged] : []),
    ...(integrity.document && !integrity.document.seal_valid ? [w.sealInvalid] : []),
  ];
  return `<section class="verdict broken" id="verdict" data-verdict="broken" role="alert"><h2>✗ ${esc(w.broken)}</h2>${why.map((text) => `<p>${esc(text)}</p>`).join('')}${checked}</section>`;
}

interface NoteFacts {
  vehicle?: { plate?: string; country?: string; trailer_plate?: string };
  pickup?: { window?: { from?: string; to?: string } };
  delivery?: { window?: { from?: string; to?: string } };
  goods?: { quantity?: number; gross_weight_kg?: number }[];
}

/** The vehicle as the page's language says it: the plate (and its country), then the trailer's. */
function vehicleHtml(doc: InspectionDocument, w: InspectionWords): string {
  const vehicle = (doc.note.data as NoteFacts).vehicle;
  const lines = [vehicle?.plate && `${vehicle.plate}${vehicle.country ? ` (${vehicle.country})` : ''}`, vehicle?.trailer_plate && `${w.trailer}: ${vehicle.trailer_plate}`].filter(Boolean) as string[];
  return linesHtml(lines.map((text) => ({ text })));
}

/** Lines, packages and gross weight: labelled, counted and weighed in the page's language. */
function goodsSummary(doc: InspectionDocument, language: InspectionLanguage, w: InspectionWords): string {
  const goods = (doc.note.data as NoteFacts).goods ?? [];
  const total = (value: (g: (typeof goods)[number]) => number | undefined) => (goods.some((g) => value(g) !== undefined) ? goods.reduce((sum, g) => sum + (value(g) ?? 0), 0) : null);
  const packages = total((g) => g.quantity);
  const weight = total((g) => g.gross_weight_kg);
  return [
    `${w.goodsLines}: ${formatNumber(language, goods.length)}`,
    `${w.packages}: ${packages === null ? '—' : formatNumber(language, packages)}`,
    `${w.grossWeight}: ${weight === null ? '—' : formatWeight(language, weight)}`,
  ].join(' · ');
}

/** A place quoted from the note, its agreed time window in the page's language instead of the printed one. */
function placeHtml(doc: InspectionDocument, lines: readonly Line[], stop: 'pickup' | 'delivery', language: InspectionLanguage, w: InspectionWords): string {
  const printed = NOTE_LABELS[printedLanguage(doc)];
  const window = (doc.note.data as NoteFacts)[stop]?.window;
  const address = window?.from ? lines.filter((l) => !l.text.startsWith(`${printed.window}: `) && !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} \S+$/.test(l.text)) : lines;
  const agreed = window?.from ? `<p>${esc(`${w.timeWindow}: ${when(doc, language, window.from, stop)}${window.to ? ` – ${when(doc, language, window.to, stop)}` : ''}`)}</p>` : '';
  return `<div lang="${printedLanguage(doc)}">${linesHtml(address)}</div>${agreed}`;
}

function facts(doc: InspectionDocument, note: NoteContent, language: InspectionLanguage, w: InspectionWords): string {
  const s = doc.shipment;
  const at = (label: string, iso: string | null) => iso && `${label}: ${when(doc, language, iso)}`;
  const times = [at(w.statuses.issued, s.issued_at), s.delivered_at && `${w.statuses.delivered}: ${when(doc, language, s.delivered_at, 'delivery')}`, at(w.statuses.cancelled, s.cancelled_at)].filter(Boolean) as string[];
  const fact = (id: string, term: string, body: string) => `<dt id="${id}">${esc(term)}</dt><dd aria-labelledby="${id}">${body}</dd>`;
  // Parties and places are quoted from the note, in the language it was printed in.
  const quoted = (lines: readonly Line[]) => `<div lang="${printedLanguage(doc)}">${linesHtml(lines)}</div>`;
  return `<section class="card" aria-labelledby="status-title"><h2 id="status-title" class="status-line">${esc(w.status)}: <span id="status">${esc(w.statuses[s.status as keyof InspectionWords['statuses']] ?? s.status)}</span></h2>
<p class="muted">${times.map((t) => esc(t)).join('<br>')}</p>
<dl class="facts">${[
    // What a roadside check compares first: the vehicle in front of the officer and its load.
    fact('fact-vehicle', w.vehicle, vehicleHtml(doc, w)),
    fact('fact-goods', w.goods, `<p id="goods-summary">${esc(goodsSummary(doc, language, w))}</p>${quoted(note.goods.slice(0, GOODS_SHOWN).flatMap((g) => g.nature))}`),
    fact('fact-sender', w.sender, quoted(note.boxes[1] ?? [])),
    fact('fact-consignee', w.consignee, quoted(note.boxes[2] ?? [])),
    fact('fact-carrier', w.carrier, quoted(note.boxes[16] ?? [])),
    fact('fact-pickup', w.takingOver, placeHtml(doc, note.boxes[4] ?? [], 'pickup', language, w)),
    fact('fact-delivery', w.delivery, placeHtml(doc, note.boxes[3] ?? [], 'delivery', language, w)),
  ].join('')}</dl></section>`;
}

function signatures(doc: InspectionDocument, language: InspectionLanguage, w: InspectionWords): string {
  const items = doc.signatures.map(
    (sig) =>
      `<li><strong>${esc(capital(w.roles[sig.role as keyof InspectionWords['roles']] ?? sig.role))}</strong>: ${esc(sig.signer_name)}<br><span class="muted">${esc(whenSigned(doc, language, sig.signed_at, sig.role))} · ${esc(w.levels[sig.level as keyof InspectionWords['levels']] ?? sig.level)}</span></li>`,
  );
  return `<section class="card" aria-labelledby="signatures-title"><h2 id="signatures-title">${esc(w.signatures)}</h2>${items.length > 0 ? `<ul class="list" id="signatures">${items.join('')}</ul>` : `<p>${esc(w.noSignatures)}</p>`}</section>`;
}

/** Each photo beside what proves it: when it was taken and the SHA-256 the event chain recorded. */
function photoEvidence(doc: InspectionDocument, language: InspectionLanguage, photos: InspectionDocument['remarks'][number]['photo_files'], phase: keyof NoteZones, w: InspectionWords): string {
  if (photos.length === 0) return '';
  const items = photos.map((p, i) => {
    const src = esc(new URL(p.thumbnail_url).pathname);
    return `<li class="photo"><a href="${src}" rel="noopener"><img src="${src}" alt="${esc(fill(w.photoAlt, { number: i + 1 }))}" loading="lazy" decoding="async"></a><p><span class="muted">${esc(fill(w.photoTaken, { time: when(doc, language, p.captured_at, phase) }))}</span><br><span class="muted">${esc(w.photoSha256)}:</span><br><code class="hash">${esc(p.sha256)}</code></p></li>`;
  });
  return `<ul class="photo-evidence">${items.join('')}</ul>`;
}

function remarks(doc: InspectionDocument, language: InspectionLanguage, w: InspectionWords): string {
  const items = doc.remarks.map((r) => {
    // A successive carrier's takeover is a taking over too: its words, at the establishment place's time (as on the note).
    const taking = r.phase === 'takeover';
    const meta = [when(doc, language, r.created_at, taking ? 'established' : (r.phase as 'pickup' | 'delivery')), w.phases[taking ? 'pickup' : (r.phase as 'pickup' | 'delivery')], ...(r.photos > 0 ? [fill(w.photos, { count: formatNumber(language, r.photos) })] : [])].join(' · ');
    return `<li><strong>${esc(w.reservationTypes[r.type as keyof InspectionWords['reservationTypes']] ?? r.type)}</strong>${r.text ? `: ${esc(r.text)}` : ''}<br><span class="muted">${esc(meta)}</span>${photoEvidence(doc, language, r.photo_files, taking ? 'established' : (r.phase as 'pickup' | 'delivery'), w)}</li>`;
  });
  return `<section class="card" aria-labelledby="remarks-title"><h2 id="remarks-title">${esc(w.remarks)}</h2>${items.length > 0 ? `<ul class="list" id="remarks">${items.join('')}</ul>` : `<p>${esc(w.noRemarks)}</p>`}</section>`;
}

function versions(doc: InspectionDocument, language: InspectionLanguage, w: InspectionWords): string {
  const item = (v: InspectionDocument['versions'][number], current: boolean) =>
    `<li><strong>${esc(fill(w.version, { version: v.version }))}</strong> · <span class="muted">${esc(when(doc, language, v.created_at))}</span><br><code class="hash">${esc(v.sha256)}</code><a class="button${current ? '' : ' secondary'}" href="${esc(v.url)}" rel="noopener">${esc(w.download)}</a></li>`;
  const [current, ...earlier] = [...doc.versions].reverse();
  if (!current) return '';
  // The current version is what counts at the roadside; earlier ones are folded to keep the page short.
  const folded = earlier.length > 0 ? `<details class="earlier"><summary>${esc(fill(w.earlierVersions, { count: formatNumber(language, earlier.length) }))}</summary><ul class="list">${earlier.map((v) => item(v, false)).join('')}</ul></details>` : '';
  return `<section class="card versions" aria-labelledby="versions-title"><h2 id="versions-title">${esc(w.versions)}</h2><ul class="list" id="versions">${item(current, true)}</ul>${folded}<p class="muted">${esc(fill(w.linksValid, { time: VALID_UNTIL_MARK }))}</p></section>`;
}

/** The eFTI identifier's three parts, named for a reader (the JSON's field names stay in the JSON). */
function efti(doc: InspectionDocument, language: InspectionLanguage, w: InspectionWords): string {
  const { uil, follow_ups } = doc.efti;
  const value = (v: string | null) => (v ? `<code class="hash">${esc(v)}</code>` : `<span class="muted">${esc(w.notConfigured)}</span>`);
  const followUps = follow_ups.length > 0 ? `<h3>${esc(w.followUps)}</h3><ul class="list">${follow_ups.map((f) => `<li>${esc(f.message)}<br><span class="muted">${esc(when(doc, language, f.received_at))}</span></li>`).join('')}</ul>` : '';
  const parts: [string, string | null][] = [
    [w.eftiGate, uil.gate_id],
    [w.eftiPlatform, uil.platform_id],
    [w.eftiDataset, uil.dataset_id],
  ];
  return `<section class="card" aria-labelledby="efti-title"><h2 id="efti-title">${esc(w.efti)}</h2><dl class="facts" id="efti">${parts.map(([term, v]) => `<dt>${esc(term)}</dt><dd>${value(v)}</dd>`).join('')}</dl>${followUps}</section>`;
}

/** The note's content as printed, from the document (the PDF's words, as the sign page shows them). */
function contentOf(doc: InspectionDocument, language: NoteLanguage, pageUrl: string): NoteContent {
  const data = doc.note.data as { consignor?: { address?: { city?: string } } };
  const current = doc.versions.at(-1);
  return noteContent(
    {
      shipment: { ...doc.note.data, id: doc.shipment.id, status: doc.shipment.status, transport_type: doc.shipment.transport_type },
      document_id: doc.note.document_id ?? '',
      version: doc.note.version ?? 0,
      inspection_url: pageUrl,
      language,
      established: { place: data.consignor?.address?.city ?? '', at: new Date(doc.shipment.issued_at ?? current?.created_at ?? doc.integrity.checked_at) },
      rendered_at: new Date(current?.created_at ?? doc.integrity.checked_at),
      signatures: doc.signatures.map((sig) => ({ role: sig.role as 'consignor', index: sig.successive_index ?? undefined, signer_name: sig.signer_name, signed_at: new Date(sig.signed_at), method: sig.method, level: sig.level })),
      reservations: doc.remarks.map((r) => ({ phase: r.phase as 'pickup' | 'delivery' | 'takeover', successive_index: r.successive_index ?? undefined, type: r.type, text: r.text ?? '', created_at: new Date(r.created_at) })),
    },
    NOTE_LABELS[language],
  );
}

/** Where a version's signed link goes in a kept page, and the time its links stay valid (both change with every request). */
const linkMark = (i: number) => `__FDS_VERSION_LINK_${i}__`;
const VALID_UNTIL_MARK = '__FDS_LINKS_VALID_UNTIL__';
const MARKS = /__FDS_VERSION_LINK_(\d+)__|__FDS_LINKS_VALID_UNTIL__/g;

/**
 * Pages kept per content key, language, link and verdict, with marks where the signed links go:
 * a page read at the roadside is asked again and again for the same state, and building it (the
 * note's whole content, every time on its place's clock) costs more than its database reads.
 * About 50 KB each.
 */
const keptPages = new LruCache<string>(64);

export function renderInspectionPage(doc: InspectionDocument, language: InspectionLanguage, pageUrl: string): string {
  const contentKey = doc[CONTENT_KEY];
  const key = contentKey && `${contentKey}|${language}|${pageUrl}|${doc.integrity.verdict}|${doc.integrity.checked_at}`;
  let page = key ? keptPages.get(key) : undefined;
  if (page === undefined) {
    page = pageWithMarks({ ...doc, versions: doc.versions.map((v, i) => ({ ...v, url: linkMark(i) })) }, language, pageUrl);
    if (key) keptPages.set(key, page);
  }
  const current = doc.versions.at(-1);
  return page.replace(MARKS, (_mark, i?: string) => (i !== undefined ? esc(doc.versions[Number(i)]!.url) : esc(current ? when(doc, language, current.url_expires_at) : '')));
}

function pageWithMarks(doc: InspectionDocument, language: InspectionLanguage, pageUrl: string): string {
  const w = INSPECTION_WORDS[language];
  const printed = printedLanguage(doc);
  const note = contentOf(doc, printed, pageUrl);
  const reference = doc.shipment.reference ?? doc.shipment.id;
  const body = `<header><h1>${esc(w.title)}</h1><p>${esc(w.subtitle).replace('{reference}', `<span class="nowrap">${esc(reference)}</span>`)}</p></header>
<main>
${doc.shipment.mode === 'test' ? `<p class="sandbox" id="sandbox">${esc(w.sandbox)}</p>` : ''}
${verdict(doc, language, w)}
${facts(doc, note, language, w)}
${signatures(doc, language, w)}
${remarks(doc, language, w)}
${versions(doc, language, w)}
${efti(doc, language, w)}
<details class="whole"><summary>${esc(w.wholeNote)}</summary>
<p class="muted" id="as-printed">${esc(fill(w.asPrinted, { language: languageName(printed, language) }))}</p>
<div lang="${printed}">${noteView(note, NOTE_LABELS[printed], SIGN_APP_WORDS[printed], { shipmentId: doc.shipment.id, reference: doc.shipment.reference, transportType: doc.shipment.transport_type })}</div>
</details>
</main>`;
  return shell(language, `${w.title} · ${reference}`, body);
}

/** The page for a link that cannot be used: why, in the page's language. */
export function renderInspectionErrorPage(language: InspectionLanguage, code: InspectionErrorCode, values: { requestId: string; retryAfterS?: number }): string {
  const w = INSPECTION_WORDS[language];
  const text = fill(w.errors[code], { id: values.requestId, seconds: values.retryAfterS ?? 60 });
  return shell(language, w.errorHeading, `<main class="unusable"><h1>${esc(w.errorHeading)}</h1><p class="alert" role="alert" id="page-error" data-code="${code}">${esc(text)}</p></main>`);
}
