/**
 * A consignment-note renderer that fails on demand, for tests of `pdf_render_failed`. A test file
 * mocks the real module with it (vi.mock factories run before imports, so they load this lazily):
 *
 *   vi.mock('../../../src/modules/documents/consignment-note/render-consignment-note.js', (original) =>
 *     import('../../support/failing-renderer.js').then((m) => m.failingRenderer(original)));
 *
 * and sets `renderer.failing` around the request that must fail.
 */
import type * as RealRenderer from '../../src/modules/documents/consignment-note/render-consignment-note.js';

export const renderer = { failing: false };

export async function failingRenderer(importOriginal: <T>() => Promise<T>): Promise<typeof RealRenderer> {
  const real = await importOriginal<typeof RealRenderer>();
  return {
    ...real,
    renderConsignmentNote: async (input) => {
      if (renderer.failing) throw new Error('glyph table unreadable');
      return real.renderConsignmentNote(input);
    },
  };
}
