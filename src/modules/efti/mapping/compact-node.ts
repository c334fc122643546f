import type { EftiNode } from '../efti-node.js';

/** Drops absent values, so a node holds only what the mapping could fill. */
export function compact(entries: Record<string, EftiNode[string] | undefined>): EftiNode | undefined {
  const kept = Object.entries(entries).filter((entry): entry is [string, EftiNode[string]] => {
    const value = entry[1];
    return value !== undefined && !(Array.isArray(value) && value.length === 0);
  });
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
}
