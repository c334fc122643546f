/** The stored shipment as the API returns it: the input fields as last set, beside what the service keeps. */
import type { Services } from '../../core/context.js';
import { translateFindings, type Finding } from '../../core/findings.js';
import type { Language } from '../../core/language.js';
import { inspectionUrl } from '../documents/inspection-link.js';
import type { ShipmentRow } from './shipments.repository.js';

export interface ShipmentView extends Record<string, unknown> {
  id: string;
  status: string;
  warnings: Finding[];
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `services`: the origin of the inspection link and the gate and platform ids of the UIL (null parts while no gate is configured). */
export function shipmentView(row: ShipmentRow, language: Language, services: Pick<Services, 'publicBaseUrl' | 'efti'>): ShipmentView {
  return {
    ...row.data,
    id: row.id,
    status: row.status,
    mode: row.mode,
    transport_type: row.transport_type,
    warnings: translateFindings(row.warnings, language),
    cancellation_reason: row.cancellation_reason,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    issued_at: iso(row.issued_at),
    picked_up_at: iso(row.picked_up_at),
    arrived_at: iso(row.arrived_at ?? null),
    delivered_at: iso(row.delivered_at),
    cancelled_at: iso(row.cancelled_at),
    inspection_url: row.inspection_token ? inspectionUrl(services.publicBaseUrl, row.inspection_token) : null,
    gate_status: row.gate_status,
    test_clock: row.test_clock_id,
    efti_uil: { gate_id: services.efti?.gateId ?? null, platform_id: services.efti?.platformId ?? null, dataset_id: row.dataset_id },
  };
}
