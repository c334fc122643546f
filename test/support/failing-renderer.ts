/**
 * A PDF renderer that fails on demand, for tests of `pdf_render_failed`. A test file mocks the real
 * module with it (vi.mock factories run before imports, so they load this lazily), naming the
 * render function to wrap:
 *
 *   vi.mock('../../../src/modules/documents/consignment-note/render-consignment-note.js', (original) =>
 *     import('../../support/failing-renderer.js').then((m) => m.failingRenderer(original, 'renderConsignmentNote')));
 *
 * and sets `renderer.failing` around the request that must fail.
 */
export const renderer = { failing: false };

type Render = (...args: unknown[]) => Promise<Uint8Array>;

export async function failingRenderer(importOriginal: <T>() => Promise<T>, name: string): Promise<Record<string, unknown>> {
  const real = await importOriginal<Record<string, unknown>>();
  const render = real[name] as Render;
  return {
    ...real,
    [name]: async (...args: unknown[]) => {
      if (renderer.failing) throw new Error('glyph table unreadable');
      return render(...args);
    },
  };
}
