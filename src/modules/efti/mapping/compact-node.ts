import type { EftiNode } from '../efti-node.js';

/** Drops absent values, so a node holds only what the mapping could fill. */
export function compact(entries: Record<string, EftiNode[string] | undefined>): EftiNode | undefined {
  // A loop rather than entries/filter/fromEntries: this runs for every node of every goods line, per request.
  let kept: EftiNode | undefined;
  for (const key of Object.keys(entries)) {
    const value = entries[key];
    if (value === undefined || (Array.isArray(value) && value.length === 0)) continue;
    (kept ??= {})[key] = value;
  }
  return kept;
}
