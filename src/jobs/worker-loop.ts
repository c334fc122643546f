/**
 * A polling worker loop for the job outbox: it claims a batch of due items, processes them
 * concurrently with no transaction open, and polls again; a round waits for its whole batch before
 * claiming again (jobs are few and quick). A due item is picked up within `pollIntervalMs` (500 ms
 * by default). `stop()` stops claiming and waits for the items in hand, so a graceful shutdown
 * loses no work. Webhook deliveries, many and of any duration, have a scheduler of their own
 * (modules/webhooks/delivery-worker.ts).
 */
import { PollControl } from './poll-control.js';

export interface WorkerLoopOptions<T> {
  name: string;
  /** Claims due items as leases; an empty array means nothing is due. */
  claim(limit: number): Promise<T[]>;
  /** Works one claimed item; it records its own outcome. A throw is logged, never fatal to the loop. */
  process(item: T): Promise<void>;
  batchSize?: number;
  pollIntervalMs?: number;
  /** Pause after a failed claim (database down), so the loop does not spin. */
  errorBackoffMs?: number;
  onError?: (error: unknown, context: string) => void;
}

export class WorkerLoop<T> {
  private readonly inFlight = new Set<Promise<void>>();
  private readonly poll = new PollControl();

  constructor(private readonly options: WorkerLoopOptions<T>) {}

  get name(): string {
    return this.options.name;
  }

  start(): void {
    this.poll.start(() => this.run());
  }

  /** Stops claiming and resolves once every claimed item is processed. */
  async stop(): Promise<void> {
    await this.poll.stop();
    await Promise.allSettled([...this.inFlight]);
  }

  /** Ends the current pause, so work enqueued by this process starts at once. */
  wake(): void {
    this.poll.wake();
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
    return work.finally(() => this.inFlight.delete(work));
  }

  private async run(): Promise<void> {
    while (this.poll.running) {
      let pause = this.options.pollIntervalMs ?? 500;
      try {
        // A full batch suggests more is due: claim again without pausing.
        if ((await this.tick()) >= (this.options.batchSize ?? 10)) pause = 0;
      } catch (error) {
        this.options.onError?.(error, `${this.options.name}: claim`);
        pause = this.options.errorBackoffMs ?? 2000;
      }
      if (this.poll.running && pause > 0) await this.poll.sleep(pause);
    }
  }
}
