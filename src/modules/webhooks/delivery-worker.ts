/**
 * The delivery worker: claims due deliveries as leases, attempts them concurrently with no
 * transaction open, and records each outcome. Any number of these may run, in any number of
 * processes, on one PostgreSQL: `SKIP LOCKED` gives each claim to one worker, and the lease makes
 * a crashed worker's deliveries claimable again.
 *
 * Fairness: each worker keeps at most `perEndpoint` attempts in flight per endpoint, so a slow or
 * dead endpoint holds a few slots and every other endpoint keeps being served.
 */
import type { Services } from '../../core/context.js';
import { WorkerLoop } from '../../jobs/worker-loop.js';
import { attemptDelivery } from './attempt-delivery.js';
import { AttemptRecorder } from './attempt-recorder.js';
import { claimDueDeliveries, type ClaimedDelivery } from './deliveries.repository.js';
import { DELIVERY_LEASE_MS } from './delivery-policy.js';

export interface DeliveryWorkerOptions {
  /** Attempts in flight at once in this worker. */
  concurrency?: number;
  perEndpoint?: number;
  pollIntervalMs?: number;
  onError?: (error: unknown, context: string) => void;
}

export class DeliveryWorker {
  readonly loop: WorkerLoop<ClaimedDelivery>;
  private readonly busy = new Map<string, number>();
  private readonly recorder: AttemptRecorder;

  constructor(
    private readonly services: Services,
    options: DeliveryWorkerOptions = {},
  ) {
    const concurrency = options.concurrency ?? 64;
    const perEndpoint = options.perEndpoint ?? 16;
    this.recorder = new AttemptRecorder(services.db);
    this.loop = new WorkerLoop<ClaimedDelivery>({
      name: 'webhook deliveries',
      concurrency,
      batchSize: concurrency,
      pollIntervalMs: options.pollIntervalMs ?? 250,
      onError: options.onError,
      claim: (limit) => {
        const now = services.clock.now();
        return claimDueDeliveries(services.db, { now, leaseUntil: new Date(now.getTime() + DELIVERY_LEASE_MS), limit, perEndpoint, busy: Object.fromEntries(this.busy) });
      },
      process: (delivery) => this.deliver(delivery),
    });
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    this.busy.set(delivery.endpoint_id, (this.busy.get(delivery.endpoint_id) ?? 0) + 1);
    try {
      await this.recorder.record(await attemptDelivery(delivery, this.services.webhookTransport, this.services.clock));
    } finally {
      const left = (this.busy.get(delivery.endpoint_id) ?? 1) - 1;
      if (left > 0) this.busy.set(delivery.endpoint_id, left);
      else this.busy.delete(delivery.endpoint_id);
    }
  }
}
