/** The job that registers a dataset's identifiers with its gate, retried on the webhook schedule. */
import { defineJob } from '../../../jobs/job-definition.js';
import { MODES, type Mode } from '../../../core/mode.js';
import type { GateRegistrationPayload } from './gate-registration.js';
import { GATE_REGISTRATION_JOB, GATE_RETRY_DELAYS_MS } from './gate-policy.js';
import { recordRegistrationFailure, registerDataset } from './register-dataset.js';

function parse(payload: unknown): GateRegistrationPayload {
  const p = payload as Partial<GateRegistrationPayload> | null;
  if (typeof p?.organization_id !== 'string' || typeof p.shipment_id !== 'string' || !MODES.includes(p.mode as Mode)) {
    throw new Error(`not a ${GATE_REGISTRATION_JOB} payload`);
  }
  return { organization_id: p.organization_id, mode: p.mode!, shipment_id: p.shipment_id };
}

export const registerDatasetJob = defineJob<GateRegistrationPayload>({
  kind: GATE_REGISTRATION_JOB,
  parse,
  retryDelaysMs: GATE_RETRY_DELAYS_MS,
  handle: registerDataset,
  onExhausted: recordRegistrationFailure,
});
