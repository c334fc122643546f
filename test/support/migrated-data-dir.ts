/**
 * A DATA_DIR for a service process whose embedded database is migrated already: the run's migrated
 * dump (global-setup.ts) unpacked as DATA_DIR/pglite, where the service opens its database
 * (src/adapters/database/open-database.ts). A process started on it skips initdb and the migrations
 * (5 of its 11 seconds to ready, idle; more on a loaded machine) and is otherwise on its first
 * start: no organisation, no key yet. Tests of an empty DATA_DIR (a newcomer's first start, the
 * migrations at start, the CLI's bootstrap) keep starting from an empty folder.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';

export function migratedDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const dump = inject('migratedPglite');
  // Without the run's global setup (a file run on its own config) the process migrates, as it would.
  if (!dump) return dir;
  const database = join(dir, 'pglite');
  mkdirSync(database);
  // The dump's entries are absolute (`/base/…`): tar strips the slash and says so on stderr, kept quiet.
  execFileSync('tar', ['-xf', dump, '-C', database], { stdio: ['ignore', 'ignore', 'pipe'] });
  return dir;
}
