/** A resolver with a fixed table, for tests: any name can be made to resolve anywhere. */
import type { Resolver } from '../../ports/resolver.js';

export function fixedResolver(table: Record<string, string[]> = {}): Resolver & { set(host: string, addresses: string[]): void } {
  const entries = new Map(Object.entries(table).map(([host, addresses]) => [host.toLowerCase(), addresses]));
  return {
    lookup: async (host) => entries.get(host.toLowerCase()) ?? [],
    set: (host, addresses) => void entries.set(host.toLowerCase(), addresses),
  };
}
