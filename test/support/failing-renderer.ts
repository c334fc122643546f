/**
 * A PDF renderer that fails on demand, for tests of `pdf_render_failed`: it wraps the runtime's
 * render pool at the renderer port (vi.mock cannot reach into the pool's threads), so requests
 * take the same path as in production. A test file builds its app with it:
 *
 *   t = await buildTestApp(backend, { renderer: failingRenderer });
 *
 * and sets `renderer.failing` around the request that must fail.
 */
import type { PdfRenderer } from '../../src/ports/pdf-renderer.js';

export const renderer = { failing: false };

export function failingRenderer(pool: PdfRenderer): PdfRenderer {
  return {
    render: async (job, options) => {
      if (renderer.failing) throw new Error('glyph table unreadable');
      return pool.render(job, options);
    },
    close: () => pool.close(),
  };
}
