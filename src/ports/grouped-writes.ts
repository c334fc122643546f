/**
 * Group commit for many small writes that do not depend on each other, such as one log row per
 * read: the writes of callers that arrive while a statement is in flight go together into the next
 * one (`writeAsOneStatement`), so a hundred concurrent readers pay for a few commits, not a hundred.
 * Each caller's promise settles only once its own rows have committed: nothing is answered as
 * written that a crash could lose. A caller alone waits for nothing: its statement starts at once.
 *
 * When a grouped statement fails, each caller's writes run again on their own, so one bad row
 * fails its own caller only.
 */
import { writeAsOneStatement, type Database, type Write } from './database.js';

interface Waiting {
  writes: readonly Write[];
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface GroupedWritesOptions {
  /** Callers per statement: keeps a statement well under PostgreSQL's 65,535 parameters. */
  maxCallers?: number;
  /** Statements in flight at once (a pool serves several; PGlite queues them on its one session). */
  inFlight?: number;
}

export class GroupedWrites {
  readonly #db: Database;
  readonly #maxCallers: number;
  readonly #inFlight: number;
  #running = 0;
  readonly #queue: Waiting[] = [];

  constructor(db: Database, options: GroupedWritesOptions = {}) {
    this.#db = db;
    this.#maxCallers = options.maxCallers ?? 100;
    this.#inFlight = options.inFlight ?? 2;
  }

  /** Resolves when `writes` have committed, together with those of other callers or alone. */
  write(writes: readonly Write[]): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.#queue.push({ writes, resolve, reject });
      if (this.#running < this.#inFlight) void this.#drain();
    });
  }

  async #drain(): Promise<void> {
    this.#running += 1;
    try {
      while (this.#queue.length > 0) {
        const group = this.#queue.splice(0, this.#maxCallers);
        await this.#commit(group);
      }
    } finally {
      this.#running -= 1;
    }
  }

  async #commit(group: Waiting[]): Promise<void> {
    try {
      await writeAsOneStatement(this.#db, group.flatMap((w) => w.writes));
      for (const w of group) w.resolve();
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const w of group) {
        try {
          await writeAsOneStatement(this.#db, w.writes);
          w.resolve();
        } catch (own) {
          w.reject(own);
        }
      }
    }
  }
}

const perDatabase = new WeakMap<Database, GroupedWrites>();

/** The grouped writer of a database handle: one per handle, so every caller of a process shares its groups. */
export function groupedWritesOf(db: Database): GroupedWrites {
  let grouped = perDatabase.get(db);
  if (!grouped) perDatabase.set(db, (grouped = new GroupedWrites(db)));
  return grouped;
}
