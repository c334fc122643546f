/**
 * The delivery worker: claims due deliveries as leases, attempts them concurrently with no
 * transaction open, and records each outcome. Any number of these may run, in any number of
 * processes, on one PostgreSQL: `SKIP LOCKED` gives each claim to one worker, and the lease makes
 * a crashed worker's deliveries claimable again.
 *
 * Throughput: the database is kept off the path between two attempts. The worker claims ahead,
 * so the next delivery is in memory when a slot frees; an endpoint's slot frees when its answer
 * arrives, and the outcome is written in the background by the recorder, in batches. Claims run
 * one at a time, and an answer asks for the next only once its endpoint is down to a third of what it
 * may hold: a claim then takes hundreds of rows (its cost is per row, plus a fixed part worth
 * sharing), while the rest keeps the endpoint busy until it returns.
 *
 * How far ahead depends on the endpoint's pace: as many as it can be expected to answer within
 * `HOLD_BUDGET_MS` (from the mean duration of its recent attempts), so a fast endpoint never waits
 * for a claim and a slow one holds few rows, each started well inside its lease. One that is
 * slower than expected only has its surplus given back (see dispatch), never sent late.
 *
 * Fairness: at most `perEndpoint` attempts in flight per endpoint, so a slow or dead endpoint
 * holds a few slots and every other endpoint keeps being served.
 */
import type { Services } from '../../core/context.js';
import type { DeliveryOutcome, Metrics } from '../../ports/metrics.js';
import { PollControl } from '../../jobs/poll-control.js';
import { attemptDelivery } from './attempt-delivery.js';
import { AttemptRecorder } from './attempt-recorder.js';
import { claimDueDeliveries, releaseClaims, type AttemptRecord, type ClaimedDelivery } from './delivery-queue.repository.js';
import { ATTEMPT_TIMEOUT_MS, DELIVERY_LEASE_MS } from './delivery-policy.js';

export interface DeliveryWorkerOptions {
  /** Attempts in flight at once in this worker. */
  concurrency?: number;
  /** Attempts in flight at once to one endpoint. */
  perEndpoint?: number;
  pollIntervalMs?: number;
  /** Pause after a failed claim (database down), so the loop does not spin. */
  errorBackoffMs?: number;
  onError?: (error: unknown, context: string) => void;
  /** Counts each attempt's outcome. */
  metrics?: Metrics;
}

const OUTCOMES: Record<AttemptRecord['status'], DeliveryOutcome> = { succeeded: 'succeeded', pending: 'retrying', failed: 'failed' };

/** A held delivery is not started unless its attempt can end this long before its lease does. */
const LEASE_MARGIN_MS = ATTEMPT_TIMEOUT_MS + 5_000;
/** How long, at its pace, an endpoint's held deliveries should take to go out: a third of the lease. */
const HOLD_BUDGET_MS = DELIVERY_LEASE_MS / 3;
/** Held per in-flight slot for an endpoint whose pace is not known yet (3 × 10 s, inside the budget). */
const UNKNOWN_PACE_AHEAD = 3;
/** At most this many held per in-flight slot, however fast the endpoint, and in all. */
const MAX_AHEAD = 48;
/**
 * An endpoint is claimed for again once down to this fraction of what it may hold: a fast one
 * then takes ~512 rows a claim (its fixed cost shared), and each claim's scan passes only the
 * third still held, while that third keeps the endpoint busy until the claim returns.
 */
const RECLAIM_AT = 3;
/** Weight of the newest attempt in an endpoint's mean duration. */
const PACE_WEIGHT = 0.2;
/** Endpoints whose pace is remembered; beyond this the memory starts over. */
const MAX_PACES = 10_000;

interface Held {
  delivery: ClaimedDelivery;
  leaseUntil: Date;
}

export class DeliveryWorker {
  private readonly concurrency: number;
  private readonly perEndpoint: number;
  private readonly recorder: AttemptRecorder;
  /** Claimed, waiting for a slot: per endpoint, oldest first. */
  private readonly queues = new Map<string, Held[]>();
  private queued = 0;
  /**
   * Endpoints with deliveries queued and a slot free, served in turn: each send moves its
   * endpoint to the back. A dispatch costs the deliveries it starts, not the length of the queue.
   */
  private readonly ready = new Set<string>();
  /** Claimed and not yet answered (queued or in flight), per endpoint. */
  private readonly held = new Map<string, number>();
  /** In flight, per endpoint. */
  private readonly sending = new Map<string, number>();
  /** Mean attempt duration per endpoint, in ms. */
  private readonly pace = new Map<string, number>();
  /** Attempts in flight and releases under way. */
  private readonly work = new Set<Promise<void>>();
  private inFlight = 0;
  private readonly poll = new PollControl();
  /** A claim is under way; endpoints that ran low meanwhile, to claim for at once if still low after it. */
  private claiming = false;
  private readonly lowWhileClaiming = new Set<string>();

  constructor(
    private readonly services: Services,
    private readonly options: DeliveryWorkerOptions = {},
  ) {
    this.concurrency = options.concurrency ?? 64;
    this.perEndpoint = options.perEndpoint ?? 16;
    this.recorder = new AttemptRecorder(services.db, (error) => options.onError?.(error, 'webhook deliveries: record'));
  }

  start(): void {
    this.poll.start(() => this.run());
  }

  /**
   * Stops claiming, gives back what it holds but has not started, and resolves once every
   * attempt in flight has ended and its outcome is written.
   */
  async stop(): Promise<void> {
    await this.poll.stop();
    const queued = [...this.queues.values()].flat();
    this.queues.clear();
    this.ready.clear();
    this.queued = 0;
    this.release(queued);
    await this.settle();
  }

  /** One claim, every claimed delivery attempted and recorded; resolves with how many were claimed. */
  async tick(): Promise<number> {
    const claimed = await this.claim(this.concurrency);
    await this.settle();
    return claimed;
  }

  /** Ends the current pause, so deliveries written by this process go out at once. */
  wake(): void {
    this.poll.wake();
  }

  private get heldTotal(): number {
    return this.queued + this.inFlight;
  }

  private async run(): Promise<void> {
    while (this.poll.running) {
      const room = this.concurrency * MAX_AHEAD - this.heldTotal;
      let pause = this.options.pollIntervalMs ?? 250;
      try {
        // A full claim suggests more is due: claim again at once. A short one may only mean that
        // the per-endpoint caps held rows back; an answer arriving wakes the loop.
        if (room > 0 && (await this.claim(room)) >= room) pause = 0;
      } catch (error) {
        this.options.onError?.(error, 'webhook deliveries: claim');
        pause = this.options.errorBackoffMs ?? 2000;
      }
      if (this.poll.running && pause > 0) await this.poll.sleep(pause);
    }
  }

  private async claim(limit: number): Promise<number> {
    this.claiming = true;
    try {
      return await this.claimUnderWay(limit);
    } finally {
      this.claiming = false;
      // Woken only by an endpoint the claim left low: a wake for one it has just filled would
      // send a second, small claim after every claim.
      for (const endpoint of this.lowWhileClaiming) if (this.isLow(endpoint)) this.wake();
      this.lowWhileClaiming.clear();
    }
  }

  private async claimUnderWay(limit: number): Promise<number> {
    const now = this.services.clock.now();
    const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_MS);
    // Endpoints this worker holds nothing of are claimed as of unknown pace (a bounded few).
    const room: Record<string, number> = {};
    for (const [endpoint, held] of this.held) room[endpoint] = Math.max(0, this.holdCap(endpoint) - held);
    const claimed = await claimDueDeliveries(this.services.db, {
      now,
      leaseUntil,
      limit,
      room,
      defaultRoom: this.perEndpoint * UNKNOWN_PACE_AHEAD,
      maxRoom: this.perEndpoint * MAX_AHEAD,
    });
    for (const delivery of claimed) {
      const endpoint = delivery.endpoint_id;
      let queue = this.queues.get(endpoint);
      if (!queue) this.queues.set(endpoint, (queue = []));
      queue.push({ delivery, leaseUntil });
      this.queued++;
      this.count(this.held, endpoint, 1);
      if ((this.sending.get(endpoint) ?? 0) < this.perEndpoint) this.ready.add(endpoint);
    }
    this.dispatch();
    return claimed.length;
  }

  /** How many deliveries of this endpoint to hold: what it answers, at its pace, within the budget. */
  private holdCap(endpoint: string): number {
    const pace = this.pace.get(endpoint);
    const ahead = pace === undefined ? UNKNOWN_PACE_AHEAD : Math.floor(HOLD_BUDGET_MS / Math.max(pace, 1));
    return this.perEndpoint * Math.min(MAX_AHEAD, Math.max(1, ahead));
  }

  /** Down to the mark where this endpoint is claimed for again (RECLAIM_AT). */
  private isLow(endpoint: string): boolean {
    return (this.held.get(endpoint) ?? 0) <= this.holdCap(endpoint) / RECLAIM_AT;
  }

  private notePace(endpoint: string, durationMs: number): void {
    const before = this.pace.get(endpoint);
    if (before === undefined && this.pace.size >= MAX_PACES) this.pace.clear();
    this.pace.set(endpoint, before === undefined ? durationMs : before + PACE_WEIGHT * (durationMs - before));
  }

  /** Starts queued deliveries while slots are free, in turn across the endpoints below their cap. */
  private dispatch(): void {
    const expiring: Held[] = [];
    const now = this.services.clock.now().getTime();
    // A Set visits what is re-added while it is iterated: an endpoint moved to the back comes round again.
    for (const endpoint of this.ready) {
      if (this.inFlight >= this.concurrency) break;
      this.ready.delete(endpoint);
      const queue = this.queues.get(endpoint)!;
      const next = queue.shift()!;
      this.queued--;
      if (queue.length === 0) this.queues.delete(endpoint);
      if (now + LEASE_MARGIN_MS > next.leaseUntil.getTime()) expiring.push(next);
      else this.send(next);
      if (queue.length > 0 && (this.sending.get(endpoint) ?? 0) < this.perEndpoint) this.ready.add(endpoint);
    }
    this.release(expiring);
  }

  private send({ delivery }: Held): void {
    this.inFlight++;
    this.count(this.sending, delivery.endpoint_id, 1);
    this.track(this.attempt(delivery));
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const endpoint = delivery.endpoint_id;
    try {
      const record = await attemptDelivery(delivery, this.services.webhookTransport, this.services.clock);
      this.notePace(endpoint, record.duration_ms);
      this.recorder.record(record);
      this.options.metrics?.webhookAttempt(OUTCOMES[record.status]);
    } finally {
      this.inFlight--;
      this.count(this.sending, endpoint, -1);
      this.count(this.held, endpoint, -1);
      if (this.queues.has(endpoint)) this.ready.add(endpoint);
      this.dispatch();
      // Claim again once two thirds of what this endpoint may hold have gone out (RECLAIM_AT).
      if (this.isLow(endpoint)) {
        if (this.claiming) this.lowWhileClaiming.add(endpoint);
        else this.wake();
      }
    }
  }

  /** Gives claims back to the queue table (see releaseClaims). */
  private release(items: Held[]): void {
    if (items.length === 0) return;
    for (const { delivery } of items) this.count(this.held, delivery.endpoint_id, -1);
    const claims = items.map(({ delivery }) => ({ id: delivery.id, number: delivery.attempts }));
    this.track(releaseClaims(this.services.db, claims, this.services.clock.now()));
  }

  private track(promise: Promise<void>): void {
    const tracked = promise.catch((error: unknown) => this.options.onError?.(error, 'webhook deliveries'));
    this.work.add(tracked);
    void tracked.finally(() => this.work.delete(tracked));
  }

  /** Waits until nothing is queued or in flight and every outcome is written. */
  private async settle(): Promise<void> {
    while (this.work.size > 0) await Promise.allSettled([...this.work]);
    await this.recorder.drain();
  }

  private count(map: Map<string, number>, key: string, delta: number): void {
    const value = (map.get(key) ?? 0) + delta;
    if (value > 0) map.set(key, value);
    else map.delete(key);
  }
}
