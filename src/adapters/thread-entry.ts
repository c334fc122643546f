/**
 * Where a worker thread's entry module is and how to load it. A thread loads `<name>.js` next to
 * the module that starts it when the service runs compiled (dist/), and `<name>.ts` through tsx's
 * loader when it runs from sources (tsx, Vitest: Vitest's own transform does not reach into threads).
 */

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

