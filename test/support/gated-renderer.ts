/**
 * A PDF renderer whose renders a test can hold and let go, for tests of what happens while a
 * document renders (no transaction open, another change meanwhile): it wraps the runtime's render
 * pool at the renderer port, like failing-renderer.ts. A test file builds its app with it:
 *
 *   t = await buildTestApp(backend, { renderer: gatedRenderer });
 *
 * and holds the next render with `holdNextRender()`, or runs `renders.before` ahead of each.
 */
import type { PdfRenderer, RenderJob } from '../../src/ports/pdf-renderer.js';

export const renders: { started: number; before?: (job: RenderJob) => Promise<void> } = { started: 0 };

export function gatedRenderer(pool: PdfRenderer): PdfRenderer {
  return {
    render: async (job, options) => {
      renders.started++;
      await renders.before?.(job);
      return pool.render(job, options);
    },
    close: () => pool.close(),
  };
}

/** Holds the next render before it starts: `arrived` settles once it waits, `release` lets it (and every later one) go. */
export function holdNextRender(): { arrived: Promise<RenderJob>; release(): void } {
  let arrive!: (job: RenderJob) => void;
  let release!: () => void;
  const arrived = new Promise<RenderJob>((resolve) => (arrive = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  renders.before = async (job) => {
    renders.before = undefined;
    arrive(job);
    await released;
  };
  return { arrived, release };
}
