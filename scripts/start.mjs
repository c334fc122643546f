/* global URL, process, performance */
/**
 * `npm start`: runs the service from JavaScript compiled from src/ into dist/src/, compiling first
 * the files that changed since the last start (esbuild, file by file, no bundling: the layout, the
 * worker threads' entry files and the asset paths stay as in src/). Loading the TypeScript sources
 * through tsx on every start cost seconds of transform hooks for some 800 files; `npm run build`
 * (tsc, with type checks) writes the same files.
 *
 * dist/src holds only what src/ still has: the output of a source that was removed or renamed is
 * deleted before the start, so an import the sources no longer satisfy fails as it would from src/,
 * instead of loading last week's code.
 *
 * package.json runs it through scripts/start.sh, which picks the C allocator first
 * (scripts/allocator.sh: jemalloc when the machine has it, else glibc with MALLOC_ARENA_MAX=2): the
 * C library reads that when the process starts, so it cannot be chosen from here. With glibc's
 * default of 8 arenas per core, the render threads — replaced every RENDER_RECYCLE_AFTER_JOBS
 * renders, each generation starting beside the last — took fresh arenas, and each kept what the
 * renders' buffers left free in it. Under constant issuing the process grew for as long as it ran
 * (docs/deploy.md, Sizing: Memory).
 */
import { readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const src = join(root, 'src');
const out = join(root, 'dist', 'src');
const began = performance.now();

const mtime = (path) => {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return -1;
  }
};
const list = (dir) => {
  try {
    return readdirSync(dir, { recursive: true });
  } catch {
    return [];
  }
};
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const say = (what) => process.stdout.write(`[start ${((performance.now() - began) / 1000).toFixed(1)} s] ${what}\n`);

// Relative paths, `.ts` dropped: `modules/x/y` stands for src/modules/x/y.ts and dist/src/modules/x/y.js.
const sources = new Set(list(src).filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts')).map((file) => file.slice(0, -'.ts'.length)));
// Test files are not run by the service; `npm run build` (tsc) compiles them, and their output is left alone.
const compiled = [...sources].filter((file) => !file.endsWith('.test'));
const orphans = list(out).filter((file) => /\.js(\.map)?$/.test(file) && !sources.has(file.replace(/\.js(\.map)?$/, '')));
for (const file of orphans) rmSync(join(out, file), { force: true });
const stale = compiled.filter((file) => mtime(join(out, `${file}.js`)) < mtime(join(src, `${file}.ts`)));

if (orphans.length > 0) say(`removed ${plural(orphans.length, 'compiled file')} from dist/src whose sources are gone`);
if (stale.length > 0) {
  say(`compiling ${plural(stale.length, 'changed source file')} to dist/src`);
  const { build } = await import('esbuild');
  await build({ entryPoints: stale.map((file) => join(src, `${file}.ts`)), outbase: src, outdir: out, format: 'esm', platform: 'node', target: 'node20', sourcemap: 'linked', logLevel: 'warning' });
} else if (process.env.ENVIRONMENT !== 'production') {
  // Production logs only what the start does (as src/main.ts prints its phases only outside it).
  say(`dist/src is up to date with src/ (${plural(compiled.length, 'source file')})`);
}
await import(pathToFileURL(join(out, 'main.js')).href);
