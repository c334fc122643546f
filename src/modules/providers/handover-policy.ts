/**
 * The hand-over job's kind and retries as data: the
 * webhook schedule, eight attempts over about 22 hours, then the hand-over is `failed` and
 * `shipment.handover_failed` is emitted.
 */
import { RETRY_DELAYS_MS } from '../webhooks/delivery-policy.js';

export const HANDOVER_JOB = 'provider-handover';

export const HANDOVER_RETRY_DELAYS_MS: readonly number[] = RETRY_DELAYS_MS;

export interface HandoverPayload {
  organization_id: string;
  mode: 'test' | 'live';
  handover_id: string;
}
