/**
 * Benchmark: rendering the consignment note (issue 5) — pages/s and peak memory for a 1-page note
 * (the full fixture: three goods lines, ADR) and a 200-goods-line note, against a baseline in the
 * same run: pdf-lib alone drawing the same number of text strings on the same number of A4 pages
 * with a standard font and no layout (no font embedding, wrapping, boxes or QR code). The ratio
 * says what the note's layout and embedded fonts cost over writing the text at all.
 *
 * Peak memory is the largest RSS and heap growth seen (sampled every 5 ms) while one case runs
 * `BENCH_PDF_RUNS` renders (40) one after another, after a warm-up and a garbage collection
 * (run with --expose-gc for a clean start; `npm run bench` does).
 */
import { performance } from 'node:perf_hooks';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { ConsignmentNoteInput } from '../src/modules/documents/consignment-note/consignment-note-input.js';
import { renderConsignmentNote } from '../src/modules/documents/consignment-note/render-consignment-note.js';
import { fullShipment } from '../test/support/shipment-fixtures.js';

const RUNS = Number(process.env.BENCH_PDF_RUNS ?? 40);
const AT = new Date('2026-11-24T09:30:00Z');

function note(goodsLines?: number): ConsignmentNoteInput {
  const shipment = fullShipment() as Record<string, unknown>;
  if (goodsLines) {
    shipment.goods = Array.from({ length: goodsLines }, (_, i) => ({ description: `Article ${i + 1} spare part, boxed`, marks: `M-${i + 1}`, quantity: i + 1, package_type: 'box', gross_weight_kg: 100 + i + 0.5, volume_m3: 0.25 }));
  }
  return {
    shipment: { ...shipment, id: 'shp_01JDB8X4V5N2K7Q9R3T6W8Y0ZA', status: 'issued', transport_type: 'international' },
    document_id: 'doc_01JDB8X4V5N2K7Q9R3T6W8Y0ZB',
    version: 1,
    inspection_url: 'https://fds.example/inspect/Qm9yZGVyLWNoZWNrLXRva2VuLTE5Mg',
    language: 'en',
    established: { place: 'Rotterdam', at: AT },
    rendered_at: AT,
  };
}

async function baseline(pages: number, strings: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const perPage = Math.ceil(strings / pages);
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595.28, 841.89]);
    for (let i = 0; i < perPage; i++) page.drawText(`Text string ${p}-${i} of the baseline`, { x: 24 + (i % 3) * 180, y: 800 - Math.floor(i / 3) * 9, size: 7.5, font });
  }
  return doc.save();
}

interface Measured {
  pagesPerS: number;
  msPerDoc: number;
  peakRssMb: number;
  peakHeapMb: number;
  bytes: number;
}

async function measure(render: () => Promise<Uint8Array>, pages: number): Promise<Measured> {
  for (let i = 0; i < 3; i++) await render();
  (globalThis as { gc?: () => void }).gc?.();
  const start = process.memoryUsage();
  let peakRss = start.rss;
  let peakHeap = start.heapUsed;
  const sampler = setInterval(() => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }, 5);
  let bytes = 0;
  const t0 = performance.now();
  for (let i = 0; i < RUNS; i++) bytes = (await render()).length;
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  const end = process.memoryUsage();
  peakRss = Math.max(peakRss, end.rss);
  peakHeap = Math.max(peakHeap, end.heapUsed);
  return { pagesPerS: (RUNS * pages) / seconds, msPerDoc: (seconds * 1000) / RUNS, peakRssMb: (peakRss - start.rss) / 2 ** 20, peakHeapMb: (peakHeap - start.heapUsed) / 2 ** 20, bytes };
}

/** Pages and text strings of a rendered note, to give the baseline the same amount of work. */
async function shape(input: ConsignmentNoteInput): Promise<{ pages: number; strings: number }> {
  const doc = await PDFDocument.load(await renderConsignmentNote(input));
  const goods = ((input.shipment.goods as unknown[]) ?? []).length;
  return { pages: doc.getPageCount(), strings: 120 + goods * 8 };
}

const fmt = (m: Measured) =>
  `${m.pagesPerS.toFixed(1).padStart(7)} pages/s   ${m.msPerDoc.toFixed(1).padStart(6)} ms/doc   peak +${m.peakRssMb.toFixed(1)} MB RSS, +${m.peakHeapMb.toFixed(1)} MB heap   ${(m.bytes / 1024).toFixed(0)} KB`;

console.log(`consignment-note PDF rendering, ${RUNS} renders per case, vs pdf-lib writing the same strings with a standard font — Node ${process.version}${(globalThis as { gc?: unknown }).gc ? '' : ' (no --expose-gc)'}`);
for (const [name, input] of [
  ['1-page note (3 goods lines, ADR)', note()],
  ['200-goods-line note', note(200)],
] as const) {
  const { pages, strings } = await shape(input);
  const subject = await measure(() => renderConsignmentNote(input), pages);
  const base = await measure(() => baseline(pages, strings), pages);
  console.log(`${name}, ${pages} page(s)`);
  console.log(`  note     ${fmt(subject)}`);
  console.log(`  baseline ${fmt(base)}`);
  console.log(`  ratio (note / baseline pages/s): ${(subject.pagesPerS / base.pagesPerS).toFixed(2)}`);
}
