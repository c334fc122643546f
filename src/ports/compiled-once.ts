/**
 * A query built and compiled once per database handle, then run with each call's values: for a
 * hot query of fixed shape whose building (Kysely's operation nodes, each frozen, then visited to
 * write SQL) costs the process more than the database spends running it — the inspection's one
 * query, a shipment with its current note and its tenant's erasures, asked once per request.
 *
 * The builder gets a slot for each value, a marker string standing where the value goes; the
 * compiled statement's parameters are then those markers, replaced by the values on every run.
 * The same text on every run also lets the session keep it prepared
 * (adapters/database/prepared-statements-client.ts).
 */
import type { Compilable, CompiledQuery } from 'kysely';
import type { Database } from './database.js';

interface Compiled<R> {
  query: CompiledQuery<R>;
  /** Each slot's position among the parameters. */
  at: [string, number][];
}

export function compiledOnce<K extends string, R>(keys: readonly K[], build: (db: Database, slots: Record<K, string>) => Compilable<R>): (db: Database, values: Record<K, unknown>) => Promise<R[]> {
  const perHandle = new WeakMap<Database, Compiled<R>>();
  const compile = (db: Database): Compiled<R> => {
    const slots = Object.fromEntries(keys.map((key) => [key, `\u0000slot:${key}\u0000`])) as Record<K, string>;
    const query = build(db, slots).compile();
    const at = keys.map((key): [string, number] => {
      const i = query.parameters.indexOf(slots[key]);
      // A slot used twice, or turned into something else on the way, would leave a marker in the statement.
      if (i < 0 || query.parameters.lastIndexOf(slots[key]) !== i) throw new Error(`compiledOnce: slot ${key} must appear once among the parameters`);
      return [key, i];
    });
    return { query, at };
  };
  return async (db, values) => {
    let compiled = perHandle.get(db);
    if (!compiled) perHandle.set(db, (compiled = compile(db)));
    const parameters = [...compiled.query.parameters];
    for (const [key, i] of compiled.at) parameters[i] = values[key as K];
    return (await db.executeQuery<R>({ ...compiled.query, parameters })).rows;
  };
}
