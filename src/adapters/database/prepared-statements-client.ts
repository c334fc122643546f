/**
 * A `pg` client that prepares what it is sent with parameters outside a transaction: each such
 * text becomes a named statement of the session the first time it runs, and later runs only bind
 * and execute it, so the database parses, analyses and plans it once (a generic plan after five
 * runs). The inspection's one query, a shipment joined to its current note, planned for 130 µs
 * and ran for 25; the embedded database's one session held an issue's one-statement commit for
 * 2.1 ms where it holds it for 1.1.
 *
 * Invariants:
 * - At most `max` statements are kept per session, the least recently used deallocated first,
 *   before the statement that needs the room is sent: Kysely writes a new text for every length
 *   of an `in (…)` list, so the texts a process sends have no bound.
 * - A name is never given to a second text (pg refuses that): an evicted text that comes back is
 *   prepared anew under a new name, named after its command (`SELECT_12`), as tracing names a
 *   prepared statement's span by its name.
 * - Only texts with parameters: a text without (migrations, `set …`, `begin`) may hold several
 *   statements, which a prepared statement cannot.
 * - Only outside a transaction. A migration that adds a column to a table a kept statement reads
 *   with `*` makes its next run fail with "cached plan must not change result type" before it
 *   does anything; outside a transaction the statement is forgotten and run again unprepared,
 *   which inside one (already aborted by then) could not be. What runs in transactions keeps
 *   being planned per run, as before.
 * - A pooler in front of PostgreSQL must keep a client on one server connection (session mode, as
 *   docs/deploy.md already asks for the migrator's lock).
 */
import { Socket } from 'node:net';
import pg from 'pg';

/** SQLSTATE invalid_sql_statement_name: no prepared statement of that name in the session. */
const UNKNOWN_STATEMENT = '26000';
/** SQLSTATE feature_not_supported, which PostgreSQL answers with this message for a stale plan. */
const STALE_PLAN = { code: '0A000', message: 'cached plan must not change result type' };

/** What `pg`'s connection keeps of the statements it parsed (not part of its types). */
interface ParsedStatements {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
}

type QueryResult = pg.QueryResult<Record<string, unknown>>;

const isStalePlan = (error: unknown) => {
  const e = error as { code?: unknown; message?: unknown } | undefined;
  return e?.code === STALE_PLAN.code && e.message === STALE_PLAN.message;
};

export function preparingClient(max: number): typeof pg.Client {
  return class PreparingClient extends pg.Client {
    /** Statement text → its name in the session; least recently used first (a Map keeps insertion order). */
    readonly #names = new Map<string, string>();
    #next = 0;

    // pg's overloads (text, config object, Submittable; promise or callback) are kept as they are:
    // only a text with parameters, awaited as a promise, outside a transaction, is prepared.
    override query(...args: unknown[]): never {
      // A query is four or five protocol messages, each its own write: corked, they leave a socket
      // as one segment, and PostgreSQL reads them in one wake-up (its CPU per inspection request
      // fell by a fifth). The embedded database's stream batches its messages itself, and corked
      // it spent more than it saved.
      const stream = (this as unknown as { connection?: { stream?: unknown } }).connection?.stream;
      if (stream instanceof Socket && stream.writableCorked === 0) {
        stream.cork();
        process.nextTick(() => stream.uncork());
      }
      const [text, values, callback] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || callback !== undefined || this.getTransactionStatus() !== 'I') {
        return (super.query as (...a: unknown[]) => never)(...args);
      }
      return this.#runPrepared(text, values) as never;
    }

    async #runPrepared(text: string, values: unknown[]): Promise<QueryResult> {
      let name = this.#names.get(text);
      if (name === undefined) {
        if (this.#names.size >= max) await this.#deallocateOldest();
        name = `${/^\s*([a-z]+)/i.exec(text)?.[1]?.toUpperCase() ?? 'SQL'}_${++this.#next}`;
      } else {
        this.#names.delete(text);
      }
      this.#names.set(text, name);
      try {
        return await this.#send({ name, text, values });
      } catch (error) {
        if (!isStalePlan(error)) throw error;
        // It did nothing: forget it, and run it once unprepared; the next run prepares it anew.
        await this.#deallocate(text, name);
        return this.#send({ text, values });
      }
    }

    #send(config: pg.QueryConfig): Promise<QueryResult> {
      return (super.query as (config: pg.QueryConfig) => Promise<QueryResult>)(config);
    }

    async #deallocateOldest(): Promise<void> {
      const [text, name] = this.#names.entries().next().value as [string, string];
      await this.#deallocate(text, name);
    }

    async #deallocate(text: string, name: string): Promise<void> {
      this.#names.delete(text);
      const connection = (this as unknown as { connection: ParsedStatements }).connection;
      delete connection.parsedStatements[name];
      delete connection.submittedNamedStatements[name];
      try {
        await this.#send({ text: `deallocate "${name}"` });
      } catch (error) {
        // A name the session never parsed (its Parse failed) is done with.
        if ((error as { code?: string }).code !== UNKNOWN_STATEMENT) throw error;
      }
    }
  };
}
