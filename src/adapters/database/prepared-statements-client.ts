/**
 * A `pg` client that prepares what it is sent with parameters: each statement text becomes a named
 * statement of the session the first time it runs, and later runs only bind and execute it, so the
 * database parses, analyses and rewrites it once. For the embedded database (./pglite.ts), whose
 * one session every request shares: an issue's one-statement commit held it 2.1 ms (median) where
 * it now holds it 1.1, and a create's statement 1.24 ms where it holds it 0.66, and what waits for
 * the session waits that much less (measured in the database's thread, 40 issues at once).
 *
 * Invariants:
 * - At most `max` statements are kept, the least recently used deallocated first: Kysely writes a
 *   new text for every length of an `in (…)` list, so the texts a process sends have no bound.
 * - A name is never given to a second text: an evicted text that comes back is prepared anew
 *   under a new name, so a DEALLOCATE that failed (sent inside a transaction already aborted)
 *   can never leave a name pointing at another statement. Those are sent again with the next
 *   eviction, until one succeeds.
 * - Only texts with parameters are prepared: a text without (migrations, `set …`, `begin`) may
 *   hold several statements, which a prepared statement cannot.
 *
 * Not for PostgreSQL servers: behind a pooler in transaction mode a named statement may not be
 * on the server connection the next run lands on, and a process running while a migration adds
 * a column to a table it reads with `select *` would fail with "cached plan must not change
 * result type". The embedded database has neither: one session, migrated before any request.
 */
import pg from 'pg';

/** SQLSTATE invalid_sql_statement_name: no prepared statement of that name in the session. */
const UNKNOWN_STATEMENT = '26000';

/** What `pg`'s connection keeps of the statements it parsed (not part of its types). */
interface ParsedStatements {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

export function preparingClient(max: number): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    /** Statement text → its name in the session; least recently used first (a Map keeps insertion order). */
    readonly #names = new Map<string, string>();
    /** Names whose DEALLOCATE failed, sent again with the next eviction. */
    #unreleased: string[] = [];
    #next = 0;

    // pg's overloads (text, config object, Submittable; promise or callback) are kept as they are:
    // only a text with parameters is turned into a named statement.
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return (super.query as (...a: unknown[]) => never)(...args);
      let name = this.#names.get(text);
      if (name === undefined) {
        // Named after its command: tracing names a prepared statement's span by its name (`pg.query:WITH_12`).
        name = `${/^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? 'SQL'}_${++this.#next}`;
        if (this.#names.size >= max) this.#evictOldest();
      } else {
        this.#names.delete(text);
      }
      this.#names.set(text, name);
      return (super.query as (...a: unknown[]) => never)({ name, text, values }, callback);
    }

    #evictOldest(): void {
      const [text, name] = this.#names.entries().next().value as [string, string];
      this.#names.delete(text);
      const connection = (this as unknown as { connection: ParsedStatements }).connection;
      delete connection.parsedStatements[name];
      delete connection.submittedNamedStatements[name];
      const release = [...this.#unreleased, name];
      this.#unreleased = [];
      for (const stale of release) {
        // Queued before the statement that evicted it. Inside an aborted transaction it fails and is
        // tried again with the next eviction; a name the session never parsed (its Parse failed) is done.
        (super.query(`deallocate "${stale}"`) as Promise<unknown>).catch((error: unknown) => {
          if ((error as { code?: string }).code !== UNKNOWN_STATEMENT) this.#unreleased.push(stale);
        });
      }
    }
  };
}
