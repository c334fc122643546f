/** Queries on identifications of `ades`/`qes` sign links (the trust service step). */
import type { Selectable } from 'kysely';
import type { SignIdentificationsTable } from './sign-steps.tables.js';
import type { Database, Write } from '../../ports/database.js';

export type IdentificationRow = Selectable<SignIdentificationsTable>;

export function insertIdentificationWrite(db: Database, row: IdentificationRow): Write {
  return db.insertInto('sign_identifications').values(row);
}

/** By the token's hash alone: the token is the credential, like a sign link's. */
export async function selectIdentificationByTokenHash(db: Database, tokenHash: string): Promise<IdentificationRow | undefined> {
  return db.selectFrom('sign_identifications').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Spent by a signature: once only, and the activation data is no longer kept. */
export function useIdentificationWrite(db: Database, id: string, now: Date): Write {
  return db.updateTable('sign_identifications').set({ used_at: now, activation_sealed: null }).where('id', '=', id).where('used_at', 'is', null);
}
