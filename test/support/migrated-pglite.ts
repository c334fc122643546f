/**
 * The embedded database every test app starts from: one in-memory PGlite migrated once per run
 * (global-setup.ts dumps it to a file) and loaded per app. Creating a PGlite runs initdb (seconds);
 * loading a dump of a migrated one takes about a third of that, and the app's own migration on
 * start then finds nothing to apply. Tests of the migrations themselves start from an empty
 * database instead (scratchDatabase('pglite')).
 */
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { openPglite } from '../../src/adapters/database/pglite.js';
import type { DatabaseHandle } from '../../src/ports/database.js';

let dump: Uint8Array<ArrayBuffer> | undefined;

/** A new in-memory PGlite holding the migrated schema (its session is PGlite's superuser, as from openPglite). */
export async function openMigratedPglite(): Promise<DatabaseHandle> {
  // Outside Vitest (a bench using the test app) there is no run to have migrated one: start empty.
  const file = process.env.VITEST ? inject('migratedPglite') : undefined;
  if (!file) return openPglite('memory://');
  dump ??= new Uint8Array(readFileSync(file));
  return openPglite('memory://', dump);
}
