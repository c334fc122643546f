/**
 * A polling worker loop that later capabilities share (job outbox, webhook deliveries): it claims
 * a batch of due items, processes them concurrently with no transaction open, and polls again.
 * A due item is picked up within `pollIntervalMs` (500 ms by default). `stop()` stops claiming and
 * waits for the items in hand, so a graceful shutdown loses no work.
 *
 * Without `concurrency` a round waits for its whole batch before claiming again (jobs: few and
 * quick). With it, the loop keeps up to that many items in flight and claims as soon as a slot
 * frees, so one slow item (a webhook receiver taking its full 10 s) never holds up the others.
 */
export interface WorkerLoopOptions<T> {
  name: string;
  /** Claims due items as leases; an empty array means nothing is due. */
  claim(limit: number): Promise<T[]>;
  /** Works one claimed item; it records its own outcome. A throw is logged, never fatal to the loop. */
  process(item: T): Promise<void>;
  batchSize?: number;
  /** Items in flight at once, claimed as slots free up. */
  concurrency?: number;
  pollIntervalMs?: number;
  /** Pause after a failed claim (database down), so the loop does not spin. */
  errorBackoffMs?: number;
  onError?: (error: unknown, context: string) => void;
}

export class WorkerLoop<T> {
  private running = false;
  private loopDone: Promise<void> = Promise.resolve();
  private wakeUp: (() => void) | undefined;
  private readonly inFlight = new Set<Promise<void>>();
  /** A wake() that came while the loop was claiming, not sleeping: the next pause is skipped. */
  private wakeRequested = false;

  constructor(private readonly options: WorkerLoopOptions<T>) {}

  get name(): string {
    return this.options.name;
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loopDone = this.run();
  }

  /** Stops claiming and resolves once every claimed item is processed. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loopDone;
    await Promise.allSettled([...this.inFlight]);
  }

  /** Ends the current pause, so work enqueued by this process starts at once. */
  wake(): void {
    if (this.wakeUp) this.wakeUp();
    else this.wakeRequested = true;
  }

  /** One claim-and-process round; resolves with the number of items processed. */
  async tick(): Promise<number> {
    const items = await this.options.claim(this.options.batchSize ?? 10);
    await Promise.all(items.map((item) => this.track(item)));
    return items.length;
  }

  private track(item: T): Promise<void> {
    const work = this.options.process(item).catch((error: unknown) => this.options.onError?.(error, `${this.options.name}: process`));
    this.inFlight.add(work);
    return work.finally(() => {
      this.inFlight.delete(work);
      // A freed slot: claim again now rather than after the pause (a short claim may only mean
      // that a per-endpoint cap held rows back, not that nothing is due).
      if (this.options.concurrency) this.wake();
    });
  }

  private async run(): Promise<void> {
    if (this.options.concurrency) return this.runSlots(this.options.concurrency);
    while (this.running) {
      let pause = this.options.pollIntervalMs ?? 500;
      try {
        // A full batch suggests more is due: claim again without pausing.
        if ((await this.tick()) >= (this.options.batchSize ?? 10)) pause = 0;
      } catch (error) {
        this.options.onError?.(error, `${this.options.name}: claim`);
        pause = this.options.errorBackoffMs ?? 2000;
      }
      if (this.running && pause > 0) await this.sleep(pause);
    }
  }

  private async runSlots(concurrency: number): Promise<void> {
    while (this.running) {
      const free = concurrency - this.inFlight.size;
      if (free <= 0) {
        await Promise.race(this.inFlight);
        continue;
      }
      let pause = this.options.pollIntervalMs ?? 500;
      try {
        const limit = Math.min(free, this.options.batchSize ?? concurrency);
        const items = await this.options.claim(limit);
        for (const item of items) void this.track(item);
        // A full claim suggests more is due: claim again as soon as a slot is free.
        if (items.length >= limit) pause = 0;
      } catch (error) {
        this.options.onError?.(error, `${this.options.name}: claim`);
        pause = this.options.errorBackoffMs ?? 2000;
      }
      if (this.running && pause > 0) await this.sleep(pause);
    }
  }

  private sleep(ms: number): Promise<void> {
    if (this.wakeRequested) {
      this.wakeRequested = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp = undefined;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wakeUp = done;
    });
  }
}
