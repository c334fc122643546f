/**
 * Where a worker thread's entry module is and how to load it. A thread loads `<name>.js` next to
 * the module that starts it when the service runs compiled (dist/), and `<name>.ts` through tsx's
 * loader when it runs from sources (tsx, Vitest: Vitest's own transform does not reach into threads).
 */

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The entry module `name` (without extension) beside the module whose `import.meta.url` is `beside`. */
export function threadEntry(name: string, beside: string): URL {
  return new URL(`./${name}.${FROM_SOURCES ? 'ts' : 'js'}`, beside);
}

/** Node options for the threads: tsx's loader when running from sources and not already inherited. */
export function threadExecArgv(): string[] | undefined {
  if (!FROM_SOURCES || process.execArgv.some((a) => /(^|[=/])tsx(\/|$)/.test(a))) return undefined;
  return [...process.execArgv, '--import', 'tsx'];
}

/**
 * Code for `new Worker(code, { eval: true })` that loads the entry module `url`: as it is when the
 * service runs compiled, and through tsx's loader, registered in the thread first, when it runs from
 * sources (Node 20 ignores `--import` in a thread's execArgv, and a thread's own entry module does
 * not go through the loaders of the thread that starts it).
 */
export function threadBootstrap(url: URL): string {
  const entry = JSON.stringify(url.href);
  if (!FROM_SOURCES) return `import(${entry})`;
  const tsx = JSON.stringify(tsxLoaderApi().href);
  return `import(${tsx}).then((tsx) => { tsx.register(); return import(${entry}); })`;
}

/** tsx's ESM API module (its CommonJS one cannot register the loader from an ES module). */
function tsxLoaderApi(): URL {
  const manifest = createRequire(import.meta.url).resolve('tsx/package.json');
  const { exports } = JSON.parse(readFileSync(manifest, 'utf8')) as { exports: Record<string, { import: { default: string } }> };
  return new URL(exports['./esm/api']!.import.default, pathToFileURL(manifest));
}
