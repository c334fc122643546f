/**
 * An erasure plan being built: the records that change (resource, id, field paths, and how to
 * change them) and the records kept under a retention duty. Reported in a stable order, so a dry
 * run and the erasure that follows it answer the same lists.
 */
import type { Database } from '../../ports/database.js';
import { ERASED_RESOURCES, type ErasedResource, type ErasureLocation } from './privacy.schema.js';
import type { RetainedRow } from './privacy.repository.js';
import type { Obj } from './data-subject.js';
import type { Needles } from './erase-values.js';

export type Apply = (trx: Database, now: Date) => Promise<void>;

export class ErasurePlan {
  private readonly changes: (ErasureLocation & { apply: Apply })[] = [];
  private readonly kept = new Map<string, RetainedRow>();
  /** Every value of the subject found, for the stores not tied to one shipment. */
  readonly names: string[] = [];
  /** Every postal address of the subject found, for the stores not tied to one shipment. */
  readonly addresses: Obj[] = [];
  /** What is searched for in each event's shipment or tour, for its webhook bodies. */
  readonly eventPatterns = new Map<string, Needles | undefined>();
  /** The signatures erased, whose takeover place events and webhook bodies copy. */
  readonly signatures = new Set<string>();

  add(resource: ErasedResource, id: string, fields: string[], apply: Apply): void {
    if (fields.length > 0) this.changes.push({ resource, id, fields, count: fields.length, apply });
  }

  retain(row: RetainedRow): void {
    this.kept.set(`${row.resource}:${row.resource_id}`, row);
  }

  /** In a stable order: by resource as the schema lists them, then by id. */
  get locations(): (ErasureLocation & { apply: Apply })[] {
    const rank = (r: ErasedResource) => ERASED_RESOURCES.indexOf(r);
    return [...this.changes].sort((a, b) => rank(a.resource) - rank(b.resource) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  }

  get retained(): RetainedRow[] {
    return [...this.kept.values()].sort((a, b) => (a.resource + a.resource_id < b.resource + b.resource_id ? -1 : 1));
  }
}
