/**
 * PDF renderer port: turns a render job (a consignment-note version or a proof of delivery, with
 * its seal's time and reason) into the sealed PDF bytes, or an invoice's facts into its readable view. Rendering and sealing cost tens of
 * milliseconds of CPU each, so the production adapter runs them in a pool of worker threads and
 * never on the event loop (DESIGN, Lifecycle); the request awaits the bytes, stores them, then
 * commits. Jobs and results are plain, structured-cloneable data; the sealing key is the
 * adapter's own, given to it once. The result carries the SHA-256 of its bytes, hashed where the
 * render ran, so the event loop does not hash every PDF it stores.
 *
 * `render` rejects with `RenderQueueFull` when the pool already holds as many jobs as it may (the
 * domain answers 503 `service_unavailable` with Retry-After), with `RenderAborted` when the job was
 * dropped before it started because its client went away, and with any other error when the render
 * failed, its thread crashed or it ran past its time (`pdf_render_failed`).
 */
import type { ConsignmentNoteInput } from '../modules/documents/consignment-note/consignment-note-input.js';
import type { SealOptions } from '../modules/documents/pades/seal-pdf.js';
import type { PodPdfInput } from '../modules/pod/render-proof-of-delivery.js';
import type { InvoiceFacts } from '../modules/invoices/invoice-facts.js';
import type { InvoicePdfHeader } from '../modules/invoices/invoice-pdf.js';

export type RenderJob =
  | { kind: 'consignment_note'; input: ConsignmentNoteInput; seal: SealOptions }
  | { kind: 'proof_of_delivery'; input: PodPdfInput; seal: SealOptions }
  /** The readable view of an invoice or credit note: rendered on request, not sealed (the UBL is the invoice). */
  | { kind: 'invoice_view'; facts: InvoiceFacts; header: InvoicePdfHeader };

/** A sealed PDF: its bytes and their SHA-256 (lowercase hex), which the document row keeps. */
export interface RenderedPdf {
  bytes: Uint8Array;
  sha256: string;
}

/** Who a render is for, apart from what it renders. */
export interface RenderOptions {
  /** The organisation the render is for: the renderer shares its threads fairly between organisations. */
  organizationId: string;
  /** Aborted when whoever waits for the render went away: a job that has not started yet is dropped. */
  signal?: AbortSignal;
}

export interface PdfRenderer {
  /** The sealed PDF of the job; rejects with RenderQueueFull when full, RenderAborted when dropped, another error when the render failed. */
  render(job: RenderJob, options: RenderOptions): Promise<RenderedPdf>;
  /** Stops the renderer; jobs still running are abandoned (their requests have ended by then). */
  close(): Promise<void>;
}

/** Every thread is busy and the queue is full: the job was not started. */
export class RenderQueueFull extends Error {
  override name = 'RenderQueueFull';

  constructor(
    /** Whole seconds until the queue has likely drained: the client's Retry-After. */
    readonly retryAfterS: number,
  ) {
    super(`the render queue is full; retry in ${retryAfterS} s`);
  }
}

/** The job's signal aborted before a thread started it: it was dropped and never rendered. */
export class RenderAborted extends Error {
  override name = 'RenderAborted';

  constructor() {
    super('the render was dropped before it started: whoever waited for it went away');
  }
}
