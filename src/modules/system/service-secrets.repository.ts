/**
 * Secrets the service makes for itself: random on first start, stored in the database so that
 * every process (and every restart) signs cursors and URLs with the same key.
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '../../ports/database.js';
import type { Services } from '../../core/context.js';

const NAMES = ['cursor', 'urls', 'botcheck'] as const;

export async function loadServiceSecrets(db: Database, now: Date): Promise<Services['secrets']> {
  await db
    .insertInto('service_secrets')
    .values(NAMES.map((name) => ({ name, value: randomBytes(32).toString('base64url'), created_at: now })))
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const rows = await db.selectFrom('service_secrets').select(['name', 'value']).where('name', 'in', [...NAMES]).execute();
  const byName = new Map(rows.map((r) => [r.name, r.value]));
  return { cursor: byName.get('cursor')!, urls: byName.get('urls')!, botcheck: byName.get('botcheck')! };
}
