/** The job that hands a shipment's note to the provider a routing rule chose. */
import { defineJob } from '../../jobs/job-definition.js';
import { MODES, type Mode } from '../../core/mode.js';
import { HANDOVER_JOB, HANDOVER_RETRY_DELAYS_MS, type HandoverPayload } from './handover-policy.js';
import { handOverShipment, recordHandoverFailure } from './hand-over-shipment.js';

function parse(payload: unknown): HandoverPayload {
  const p = payload as Partial<HandoverPayload> | null;
  if (typeof p?.organization_id !== 'string' || typeof p.handover_id !== 'string' || !MODES.includes(p.mode as Mode)) throw new Error(`not a ${HANDOVER_JOB} payload`);
  return { organization_id: p.organization_id, mode: p.mode!, handover_id: p.handover_id };
}

export const handOverShipmentJob = defineJob<HandoverPayload>({
  kind: HANDOVER_JOB,
  parse,
  retryDelaysMs: HANDOVER_RETRY_DELAYS_MS,
  handle: handOverShipment,
  onExhausted: recordHandoverFailure,
});
