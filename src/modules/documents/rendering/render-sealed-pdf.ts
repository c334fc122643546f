/**
 * A sealed PDF from the renderer (ports/pdf-renderer.ts), with its failures as the client sees
 * them: a full render queue is 503 `service_unavailable` with Retry-After (the job never started),
 * anything else — the render threw, its thread crashed or ran past its time — is 500
 * `pdf_render_failed`. Either way the caller has written nothing yet, so a retry is safe. The
 * bytes come with their SHA-256, hashed in the render thread.
 */
import { AppError } from '../../../core/errors.js';
import type { TenantContext } from '../../../core/context.js';
import { RenderQueueFull, type RenderedPdf, type RenderJob } from '../../../ports/pdf-renderer.js';

/**
 * Raises `service_unavailable` and `pdf_render_failed` (with `failedDetail`). The render counts
 * against the context's organisation's share of the threads, and is dropped unstarted when the
 * context's signal aborts (its client went away: the answer reaches nobody).
 */
export async function renderSealedPdf(ctx: TenantContext, job: RenderJob, failedDetail: string): Promise<{ body: Buffer; sha256: string }> {
  let rendered: RenderedPdf;
  try {
    rendered = await ctx.renderer.render(job, { organizationId: ctx.organizationId, signal: ctx.signal });
  } catch (error) {
    if (error instanceof RenderQueueFull) {
      throw new AppError('service_unavailable', `Too many documents are being rendered right now; nothing was changed. Retry in ${error.retryAfterS} s.`, {
        headers: { 'retry-after': String(error.retryAfterS) },
        cause: error,
      });
    }
    throw new AppError('pdf_render_failed', failedDetail, { cause: error });
  }
  const { bytes, sha256 } = rendered;
  return { body: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), sha256 };
}
