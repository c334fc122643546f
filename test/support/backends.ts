/**
 * The adapter matrix: the embedded backends always, PostgreSQL and Redis when DATABASE_URL and
 * REDIS_URL are set (CI sets both). Route tests run once per backend.
 *
 * TEST_BACKENDS narrows the matrix: `embedded` or `external` runs one side only. CI (.ci/run) splits
 * the matrix across its two Node versions with it — the PostgreSQL and Redis variants on the
 * machine's Node, the embedded ones on Node 24 — so that every variant runs once, not twice.
 * Unset, both run.
 */
import { describe } from 'vitest';
export interface Backend {
  name: string;
  databaseUrl?: string;
  redisUrl?: string;
}

const EMBEDDED: Backend = { name: 'embedded (PGlite, memory)' };

export function backends(): Backend[] {
  const side = process.env.TEST_BACKENDS;
  if (side !== undefined && side !== '' && side !== 'embedded' && side !== 'external') throw new Error(`TEST_BACKENDS must be embedded or external, not ${side}`);
  const list: Backend[] = [];
  if (side !== 'external' || !process.env.DATABASE_URL) list.push(EMBEDDED);
  if (process.env.DATABASE_URL && side !== 'embedded') list.push({ name: 'PostgreSQL + Redis', databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL });
  return list;
}

/**
 * A suite of what does not depend on the adapters (a browser driving a page): it runs on the
 * embedded backend, once, and is skipped on the external side of a split run (TEST_BACKENDS=external),
 * whose other half runs it.
 */
export function describeOnEmbedded(title: string, body: (backend: Backend) => void): void {
  const embedded = backends().find((b) => !b.databaseUrl);
  describe.skipIf(!embedded)(title, () => body(embedded ?? EMBEDDED));
}
