/**
 * Which input fields may still change after issuing (service description, States: after issuing the
 * consignment-note fields are frozen, `field_frozen`). The consignment note's boxes are frozen;
 * what the form does not fix stays open for the operation of the transport:
 *
 * | status     | may still change |
 * |------------|------------------|
 * | draft      | every field |
 * | issued     | `driver`, `vehicle`, `principal`, `pickup.instructions`, `pickup.contact`, `delivery.instructions`, `delivery.contact` |
 * | in_transit | `driver`, `principal`, `delivery.instructions`, `delivery.contact` (the vehicle is fixed once the goods are taken over) |
 *
 * Delivered and cancelled shipments change no more at all (`shipment_immutable`).
 */
import { isDeepStrictEqual } from 'node:util';
import { isPlainObject } from '../../core/merge-patch.js';
import type { ShipmentStatus } from './shipment-status.js';

export const CHANGEABLE_AFTER_ISSUE: Partial<Record<ShipmentStatus, ReadonlySet<string>>> = {
  issued: new Set(['driver', 'vehicle', 'principal', 'pickup.instructions', 'pickup.contact', 'delivery.instructions', 'delivery.contact']),
  in_transit: new Set(['driver', 'principal', 'delivery.instructions', 'delivery.contact']),
};

/** Stops are compared member by member, so a new instruction is not a new place of delivery. */
const COMPARED_BY_MEMBER = new Set(['pickup', 'delivery']);

/** The fields that differ between two input documents, as `field` or `stop.member`. */
export function changedFields(before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  const changed: string[] = [];
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const a = before[key];
    const b = after[key];
    if (isDeepStrictEqual(a, b)) continue;
    if (COMPARED_BY_MEMBER.has(key) && isPlainObject(a) && isPlainObject(b)) {
      for (const member of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (!isDeepStrictEqual(a[member], b[member])) changed.push(`${key}.${member}`);
      }
    } else changed.push(key);
  }
  return changed.sort();
}

/** The changed fields the status no longer allows to change (every field is open in a draft). */
export function frozenFields(status: ShipmentStatus, changed: readonly string[]): string[] {
  const open = CHANGEABLE_AFTER_ISSUE[status];
  if (status === 'draft' || !open) return status === 'draft' ? [] : [...changed];
  return changed.filter((field) => !open.has(field) && !open.has(field.split('.')[0]!));
}
