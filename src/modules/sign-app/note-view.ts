/**
 * The consignment note as accessible HTML, box by box in the CMR's numbering, from the same
 * content the PDF is printed from (documents/consignment-note/note-content.ts): each box a section
 * headed by its number and title, goods lines as lists of their boxes 6–12 (a seven-column table
 * does not fit a phone), and the vehicle. Empty boxes show the note's dash, as the form does.
 */
import { transportTypeWords, type NoteLabels } from '../documents/consignment-note/note-labels.js';
import type { NoteContent } from '../documents/consignment-note/note-content.js';
import type { Line } from '../documents/consignment-note/note-text.js';
import { esc } from './html.js';
import { fill } from './sign-app-words.js';
import type { SignAppWords } from './words/page-words.js';

const BOXES_BEFORE_GOODS = [1, 2, 3, 4, 5];
const BOXES_AFTER_GOODS = [13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24];
const GOODS_BOXES = [
  [6, 'marks'],
  [7, 'packages'],
  [8, 'packing'],
  [9, 'nature'],
  [10, 'statistical'],
  [11, 'weight'],
  [12, 'volume'],
] as const;

function lineHtml(lines: readonly Line[], none: string): string {
  const shown = lines.filter((l) => l.text !== '');
  if (shown.length === 0) return `<p class="none">${esc(none)}</p>`;
  return `<p>${shown.map((l) => (l.bold ? `<strong>${esc(l.text)}</strong>` : esc(l.text))).join('<br>')}</p>`;
}

/** A box headed by its number (none for the vehicle, which the form prints unnumbered). */
function box(id: string, number: string | null, title: string, body: string, kind = 'box'): string {
  const num = number ? `<span class="num">${number}</span> ` : '';
  return `<section class="${kind}" aria-labelledby="box-${id}"><h3 id="box-${id}">${num}${esc(title)}</h3>${body}</section>`;
}

export function noteView(note: NoteContent, labels: NoteLabels, words: SignAppWords, header: { shipmentId: string; reference: string | null; transportType: string }): string {
  const boxes = (numbers: number[]) => numbers.map((n) => box(String(n), String(n), labels.boxes[n]!, lineHtml(note.boxes[n] ?? [], labels.none))).join('');
  const goods = note.goods
    .map((row, i) => {
      const items = GOODS_BOXES.map(([n, key]) => {
        const value = key === 'nature' ? lineHtml(row.nature, labels.none) : `<p>${esc(row[key] || labels.none)}</p>`;
        return `<dt><span class="num">${n}</span> ${esc(labels.boxes[n]!)}</dt><dd>${value}</dd>`;
      }).join('');
      return `<li><h4>${esc(fill(words.goodsLine, { number: i + 1 }))}</h4><dl>${items}</dl></li>`;
    })
    .join('');
  const totals = `<p class="totals"><strong>${esc(labels.total)}</strong>: ${esc(labels.boxes[7]!)} ${esc(note.totals.packages || labels.none)} · ${esc(labels.boxes[11]!)} ${esc(note.totals.weight || labels.none)} · ${esc(labels.boxes[12]!)} ${esc(note.totals.volume || labels.none)}</p>`;
  const head = [
    `${labels.shipment}: ${header.shipmentId}`,
    ...(header.reference ? [`${labels.reference}: ${header.reference}`] : []),
    `${labels.transportType}: ${transportTypeWords(labels, header.transportType)}`,
  ];
  return `<section class="note" aria-labelledby="note-title">
<h2 id="note-title">${esc(labels.title)}</h2>
<p class="subtitle">${esc(labels.subtitle)}</p>
<p>${head.map(esc).join('<br>')}</p>
${boxes(BOXES_BEFORE_GOODS)}
${box('goods', '6–12', labels.boxes[9]!, `<ol class="goods-lines">${goods}</ol>${totals}`, 'box goods')}
${boxes(BOXES_AFTER_GOODS)}
${box('vehicle', null, `${labels.vehicle} / ${labels.trailer}`, lineHtml(note.vehicle, labels.none))}
</section>`;
}
