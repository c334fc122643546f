/**
 * A map of at most `maxEntries` entries that forgets the least recently used first: for values
 * derived from state that never changes under its key (a shipment's chain head, a stored file's
 * version), where nothing is invalidated and old states only need to fall out.
 */
export class LruCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly maxEntries: number) {}

  get size(): number {
    return this.#entries.size;
  }

  /** The value under `key`, now the most recently used. */
  get(key: string): V | undefined {
    const known = this.#entries.get(key);
    if (known === undefined) return undefined;
    // A Map keeps insertion order: most recently used last, so the oldest is first to go.
    this.#entries.delete(key);
    this.#entries.set(key, known);
    return known;
  }

  set(key: string, value: V): void {
    this.#entries.delete(key);
    this.#entries.set(key, value);
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
  }

  delete(key: string): void {
    this.#entries.delete(key);
  }

  /** The value under `key`, made by `make` (and kept) when there is none. */
  getOrSet(key: string, make: () => V): V {
    const known = this.get(key);
    if (known !== undefined) return known;
    const made = make();
    this.set(key, made);
    return made;
  }
}
