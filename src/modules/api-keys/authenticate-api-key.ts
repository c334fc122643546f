/**
 * Turns a bearer key into a principal. Lookups are cached in-process for at most 5 seconds (hits
 * and misses alike), which takes the database off the hot path of every request; the price, which
 * the README documents, is that a revoked key or a changed live clearance takes effect in other
 * processes within those 5 seconds.
 */
import { AppError } from '../../core/errors.js';
import type { Clock } from '../../core/clock.js';
import type { Mode } from '../../core/mode.js';
import type { Scope } from '../../core/scopes.js';
import type { Database } from '../../ports/database.js';
import { hashApiKey, modeOfKey } from './api-key-secret.js';
import { findApiKeyByHash, type ApiKeyRecord } from './api-keys.repository.js';

export const KEY_CACHE_TTL_MS = 5000;
const KEY_CACHE_MAX_ENTRIES = 10_000;

export interface Principal {
  keyId: string;
  organizationId: string;
  mode: Mode;
  scopes: ReadonlySet<Scope>;
  /** The same scopes as a list, in the order they were granted. */
  scopeList: readonly Scope[];
  liveEnabled: boolean;
}

interface CacheEntry {
  /** The principal, or the refusal, this key got at `fetchedAt`. */
  outcome: Principal | AppError;
  fetchedAt: number;
}

export class ApiKeyAuthenticator {
  private readonly cache = new Map<string, CacheEntry>();
  /**
   * Lookups under way, by key: when a popular key's entry expires, the requests that arrive during
   * the database round trip share the one lookup instead of each sending the same query (a burst of
   * 50 identical lookups every 5 seconds was measured under load before this).
   */
  private readonly pending = new Map<string, Promise<Principal>>();

  constructor(
    private readonly db: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Raises `invalid_api_key` for a key that is malformed, unknown, revoked or of another mode.
   * A cached answer comes back synchronously: no promise on the hot path when the key is known.
   */
  authenticate(key: string): Principal | Promise<Principal> {
    const mode = modeOfKey(key);
    if (!mode) throw new AppError('invalid_api_key', 'The API key is not shaped like sk_test_… or sk_live_….');
    // The cache is keyed by the key as sent, so a hit costs no hashing; it lives in this process's
    // memory only, which holds the same key in the request anyway. The database only sees hashes.
    const now = this.clock.now().getTime();
    const entry = this.cache.get(key);
    if (entry && now - entry.fetchedAt < KEY_CACHE_TTL_MS) return settle(entry);
    const underWay = this.pending.get(key);
    if (underWay) return underWay;
    const lookup = findApiKeyByHash(this.db, hashApiKey(key))
      .then((record) => {
        const fresh = { outcome: toOutcome(record, mode), fetchedAt: now };
        this.remember(key, fresh);
        return settle(fresh);
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, lookup);
    return lookup;
  }

  /** Drops every cached lookup, so this process sees revocations at once (the CLI and tests use it). */
  clear(): void {
    this.cache.clear();
    this.pending.clear();
  }

  private remember(key: string, entry: CacheEntry): void {
    this.cache.delete(key);
    if (this.cache.size >= KEY_CACHE_MAX_ENTRIES) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.cache.keys().next().value;
      if (oldest !== undefined) this.cache.delete(oldest);
    }
    this.cache.set(key, entry);
  }
}

function settle(entry: CacheEntry): Principal {
  if (entry.outcome instanceof AppError) throw entry.outcome;
  return entry.outcome;
}

/** The principal of a key record, or why there is none (cached alike, so unknown keys do not reach the database either). */
function toOutcome(record: ApiKeyRecord | undefined, mode: Mode): Principal | AppError {
  if (!record || record.mode !== mode) return new AppError('invalid_api_key', 'The API key is not known to this environment.');
  if (record.revoked) return new AppError('invalid_api_key', 'The API key was revoked.');
  return { keyId: record.id, organizationId: record.organization_id, mode, scopes: new Set(record.scopes), scopeList: record.scopes, liveEnabled: record.live_enabled };
}
