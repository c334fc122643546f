/**
 * The renderer port measured: each render's duration by kind, as the request waiting for it sees it
 * (queue wait included), and renders that produced no PDF by reason. Elapsed time is the
 * process's monotonic clock, not the injected one: tests move that by hand.
 */
import { performance } from 'node:perf_hooks';
import type { Metrics } from '../../ports/metrics.js';
import { RenderAborted, RenderQueueFull, type PdfRenderer, type RenderedPdf, type RenderJob, type RenderOptions } from '../../ports/pdf-renderer.js';

export function measuredRenderer(renderer: PdfRenderer, metrics: Metrics): PdfRenderer {
  return {
    async render(job: RenderJob, options: RenderOptions): Promise<RenderedPdf> {
      const started = performance.now();
      try {
        const rendered = await renderer.render(job, options);
        metrics.renderDone(job.kind, (performance.now() - started) / 1000);
        return rendered;
      } catch (error) {
        metrics.renderFailed(job.kind, error instanceof RenderQueueFull ? 'queue_full' : error instanceof RenderAborted ? 'dropped' : 'error');
        throw error;
      }
    },
    close: () => renderer.close(),
  };
}
