/** The template as the API answers it: id, mode, name, its shipment fields, timestamps as ISO strings. */
import type { ShipmentTemplateRow } from './shipment-templates.repository.js';

export type ShipmentTemplateView = Record<string, unknown> & { id: string; mode: ShipmentTemplateRow['mode']; name: string; created_at: string; updated_at: string };

export function shipmentTemplateView(row: ShipmentTemplateRow): ShipmentTemplateView {
  return { id: row.id, mode: row.mode, name: row.name, ...row.data, created_at: row.created_at.toISOString(), updated_at: row.updated_at.toISOString() };
}
