/**
 * The columns of a shipment that follow from its input fields, derived as create derives them
 * (validate-shipment.ts): the transport type from the lane and the carrier, the business rules'
 * warnings, the reference. Every change of the input fields after create — a merge patch of a
 * draft, an accepted disposal instruction that moves the place of delivery to another country —
 * stores them with the new fields, so the record, its eFTI dataset and the next note version all
 * read the shipment as it now is.
 */
import { validationError } from './create-shipment.js';
import type { ShipmentChanges } from './shipments.repository.js';
import { validateShipment } from './validate-shipment.js';

/** Raises `validation_failed` (with warnings alongside) when `data` does not validate as a create would; `what` names it in the detail. */
export function derivedChanges(data: Record<string, unknown>, what: string): Required<Pick<ShipmentChanges, 'data' | 'reference' | 'transport_type' | 'warnings'>> {
  const result = validateShipment(data, 'en');
  if (!result.valid || !result.transport_type) throw validationError(result, what);
  return { data, reference: typeof data.reference === 'string' ? data.reference : null, transport_type: result.transport_type, warnings: result.warnings };
}
