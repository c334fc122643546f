/**
 * The layers of src/ (DESIGN, Architecture; STYLE, Layout) import downwards only, and no file of
 * src/ reaches itself through its imports. Read from the import lines (TypeScript's own scanner,
 * type-only imports included), so a wrong-direction import fails here, in a second, instead of
 * surfacing later as a module that cannot be moved or a cycle that loads half-initialised.
 *
 * From the bottom: the kernel (core helpers, port interfaces, and the row types each area keeps in
 * `<area>.tables.ts`, which src/adapters/database/schema.ts only combines); then adapters (one per
 * port) and the job queue; then the domain modules; then the HTTP layer; and at the top the
 * files that put a process together. The HTTP layer has two parts: the kit in src/http, which every
 * route uses and which knows no module (not one import of src/modules), and each module's HTTP-layer
 * files (`*.routes.ts`, `*-access.ts`), which use the kit and their module; src/app.ts composes them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

type Layer = 'kernel' | 'adapters' | 'jobs' | 'modules' | 'config' | 'runtime' | 'kit' | 'http' | 'composition';

/** Which layers each layer may import. Composition (entry points and wiring) may import anything. */
const MAY_IMPORT: Record<Exclude<Layer, 'composition'>, readonly Layer[]> = {
  kernel: ['kernel'],
  adapters: ['kernel', 'adapters'],
  jobs: ['kernel', 'jobs'],
  modules: ['kernel', 'jobs', 'modules'],
  // The configuration checks S3_REGION against the object store's list of EU regions.
  config: ['kernel', 'adapters', 'config'],
  // src/app-runtime.ts: what the HTTP app is given (the configuration, the services, the modules' writers and probes).
  runtime: ['kernel', 'jobs', 'modules', 'config', 'runtime'],
  // The kit reads the runtime it is given, never a module: a module's need comes in through a port or a credential.
  kit: ['kernel', 'jobs', 'config', 'runtime', 'kit'],
  http: ['kernel', 'jobs', 'modules', 'config', 'runtime', 'kit', 'http'],
};

/**
 * Imports against the direction, each with the reason it stays. The PDF render port carries the
 * documents module's render inputs, and its thread entry runs the module's renderers: the worker
 * pool is an adapter that executes domain code (so is the eFTI XML pool). Nothing else may be added here without a reason.
 */
const KNOWN_EXCEPTIONS: ReadonlyArray<[from: string, to: string]> = [
  ['src/ports/pdf-renderer.ts', 'src/modules/documents/consignment-note/consignment-note-input.ts'],
  ['src/ports/pdf-renderer.ts', 'src/modules/documents/pades/seal-pdf.ts'],
  ['src/ports/pdf-renderer.ts', 'src/modules/pod/render-proof-of-delivery.ts'],
  ['src/adapters/pdf-renderer/render-worker.ts', 'src/modules/documents/rendering/sealed-consignment-note.ts'],
  ['src/adapters/pdf-renderer/render-worker.ts', 'src/modules/pod/sealed-proof-of-delivery.ts'],
  // An invoice's readable view is drawn in the same threads, from the invoice's facts.
  ['src/ports/pdf-renderer.ts', 'src/modules/invoices/invoice-facts.ts'],
  ['src/ports/pdf-renderer.ts', 'src/modules/invoices/invoice-pdf.ts'],
  ['src/adapters/pdf-renderer/render-worker.ts', 'src/modules/invoices/invoice-pdf.ts'],
  // The eFTI XML threads run the efti module's serialiser, as the render threads run the renderers.
  ['src/adapters/efti-xml/efti-xml-worker.ts', 'src/modules/efti/efti-xml.ts'],
];

const COMPOSITION = new Set(['src/app.ts', 'src/platform-listener.ts', 'src/runtime.ts', 'src/main.ts', 'src/jobs/catalogue.ts']);

/**
 * A module's HTTP-layer files, named as such: its route tables (`*.routes.ts`, with the helpers
 * they share) and its credentials' request-path checks (`*-access.ts`, src/http/credential.ts).
 */
function isModuleHttpFile(file: string): boolean {
  return file.startsWith('src/modules/') && (file.endsWith('.routes.ts') || file.endsWith('-access.ts'));
}

function layerOf(file: string): Layer {
  if (COMPOSITION.has(file) || file.startsWith('src/cli/')) return 'composition';
  if (file === 'src/config.ts' || /^src\/config-[a-z]+\.ts$/.test(file)) return 'config';
  if (file.endsWith('.tables.ts') || file === 'src/adapters/database/schema.ts') return 'kernel';
  if (file.startsWith('src/core/') || file.startsWith('src/ports/')) return 'kernel';
  if (file.startsWith('src/adapters/')) return 'adapters';
  if (file.startsWith('src/jobs/')) return 'jobs';
  // src/app-runtime.ts is what the HTTP app is given: the type the routes and plugins read.
  if (file === 'src/app-runtime.ts') return 'runtime';
  if (file.startsWith('src/http/')) return 'kit';
  if (isModuleHttpFile(file)) return 'http';
  if (file.startsWith('src/modules/')) return 'modules';
  throw new Error(`${file} is in no layer: place it in MAY_IMPORT's map`);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    // Tests beside the code are leaves: nothing imports them, and they may reach what they test.
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The src/ files `file` imports (static, dynamic and re-exports; type-only ones too). */
function importsOf(file: string): string[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(ROOT, file), 'utf8'), true, true);
  return importedFiles
    .map((f) => f.fileName)
    .filter((name) => name.startsWith('.'))
    .map((name) => relative(ROOT, resolve(ROOT, dirname(file), name)).split('\\').join('/').replace(/\.js$/, '.ts'));
}

const files = sourceFiles('src');
const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => target.startsWith('src/'))]));

/** Every import that goes up or sideways between layers, as `from -> to`. */
function wrongDirection(edges: Map<string, string[]>): string[] {
  const known = new Set(KNOWN_EXCEPTIONS.map(([from, to]) => `${from} -> ${to}`));
  const wrong: string[] = [];
  for (const [from, targets] of edges) {
    const layer = layerOf(from);
    if (layer === 'composition') continue;
    for (const to of targets) {
      const edge = `${from} -> ${to}`;
      if (!MAY_IMPORT[layer].includes(layerOf(to)) && !known.has(edge)) wrong.push(`${edge} (${layer} may not import ${layerOf(to)})`);
    }
  }
  return wrong;
}

/** Every cycle among the files, as its path `a -> b -> … -> a` (one per strongly connected group). */
function cycles(edges: Map<string, string[]>): string[] {
  const found: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of edges.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next].join(' -> '));
      else if (!state.has(next)) visit(next);
    }
    path.pop();
    state.set(file, 'done');
  };
  for (const file of edges.keys()) if (!state.has(file)) visit(file);
  return found;
}

describe('the structure of src/', () => {
  it('reads the imports of every source file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(graph.get('src/adapters/database/schema.ts')).toContain('src/modules/webhooks/webhooks.tables.ts');
    for (const targets of graph.values()) for (const target of targets) expect(graph.has(target) || target.endsWith('.test.ts'), target).toBe(true);
  });

  it('imports downwards only: core and ports below adapters and modules, the HTTP layer above the modules', () => {
    expect(wrongDirection(graph)).toEqual([]);
  });

  it('has no import cycle', () => {
    expect(cycles(graph)).toEqual([]);
  });

  it('keeps the HTTP kit free of modules: no file of src/http imports src/modules', () => {
    const kitImports = [...graph].flatMap(([from, targets]) => (from.startsWith('src/http/') ? targets.filter((to) => to.startsWith('src/modules/')).map((to) => `${from} -> ${to}`) : []));
    expect(kitImports).toEqual([]);
  });

  it('fails on an adapter that imports a module, on a kit file that imports one, and on a cycle (the checks can fail)', () => {
    const broken = new Map(graph);
    broken.set('src/adapters/trust-service/simulator.ts', ['src/modules/documents/pades/load-sealing-key.ts']);
    broken.set('src/http/problem.ts', ['src/modules/api-keys/authorize.ts']);
    broken.set('src/core/ids.ts', ['src/core/ulid.ts']);
    broken.set('src/core/ulid.ts', ['src/core/ids.ts']);
    expect(wrongDirection(broken).sort()).toEqual([
      'src/adapters/trust-service/simulator.ts -> src/modules/documents/pades/load-sealing-key.ts (adapters may not import modules)',
      'src/http/problem.ts -> src/modules/api-keys/authorize.ts (kit may not import modules)',
    ]);
    expect(cycles(broken).some((cycle) => cycle.includes('src/core/ids.ts -> src/core/ulid.ts') || cycle.includes('src/core/ulid.ts -> src/core/ids.ts'))).toBe(true);
  });
});
