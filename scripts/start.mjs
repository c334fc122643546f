/* global URL, process */
/**
 * `npm start`: runs the service from JavaScript compiled from src/ into dist/src/, compiling first
 * the files that changed since the last start (esbuild, file by file, no bundling: the layout, the
 * worker threads' entry files and the asset paths stay as in src/). Loading the TypeScript sources
 * through tsx on every start cost seconds of transform hooks for some 800 files; `npm run build`
 * (tsc, with type checks) writes the same files.
 *
 * package.json starts it with MALLOC_ARENA_MAX=2 unless set (glibc reads it when the process
 * starts, so it cannot be set from here): with glibc's default of 8 arenas per core, the render
 * threads — replaced every RENDER_RECYCLE_AFTER_JOBS renders, each generation starting beside the
 * last — take fresh arenas, and each keeps what the renders' buffers left free in it. Under constant
 * issuing the process grew for as long as it ran (docs/deploy.md, Sizing: Memory).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const out = join(root, 'dist', 'src');

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
};

const sources = readdirSync(src, { recursive: true })
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
  .map((file) => join(src, file));
const stale = sources.filter((file) => mtime(join(out, relative(src, file)).replace(/\.ts$/, '.js')) < mtime(file));

if (stale.length > 0) {
  process.stdout.write(`[start] compiling ${stale.length} changed source file${stale.length === 1 ? '' : 's'} to dist/src\n`);
  const { build } = await import('esbuild');
  await build({ entryPoints: stale, outbase: src, outdir: out, format: 'esm', platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning' });
}
await import(pathToFileURL(join(out, 'main.js')).href);
