/**
 * The gate's delivery rules as data: the registration job's kind and its retries, which are the
 * webhook schedule: eight
 * attempts over about 22 hours, then `gate_status: "failed"` and `efti.registration_failed`.
 */
import { ATTEMPT_TIMEOUT_MS, MAX_ANSWER_BYTES, RETRY_DELAYS_MS } from '../../webhooks/delivery-policy.js';

export const GATE_REGISTRATION_JOB = 'efti-gate-registration';

export const GATE_RETRY_DELAYS_MS: readonly number[] = RETRY_DELAYS_MS;

/** One request to the gate; as long as a webhook attempt. */
export const GATE_TIMEOUT_MS = ATTEMPT_TIMEOUT_MS;

/** How much of a gate's answer is kept (in the error of a failed attempt). */
export const GATE_MAX_ANSWER_BYTES = MAX_ANSWER_BYTES;
