/**
 * The production PDF renderer: a fixed pool of worker threads (piscina) that render and seal, so
 * the event loop keeps serving requests meanwhile (DESIGN, Lifecycle).
 *
 * Invariants:
 * - At most `threads + queue` jobs are held (running or waiting); one more is refused at once with
 *   RenderQueueFull instead of piling up.
 * - Jobs wait here, not in piscina: one is handed to piscina only when a thread is free for it.
 *   No organisation has more than `perOrganisation` jobs running (fewer than `threads` when there
 *   are two or more), so one organisation's burst cannot take every thread; its further jobs wait.
 *   A freed thread takes the job of the organisation with the fewest running, then the one that
 *   started a job longest ago (one that had nothing running or waiting counts as never, and goes
 *   first), then the oldest job of that organisation: another organisation's job waits for at
 *   most one render per thread, however many the first sent.
 * - A job whose signal aborts while it waits (its client went away) is dropped: it rejects with
 *   RenderAborted and never reaches a thread. A job already running finishes (a render takes tens
 *   of milliseconds; replacing its thread would cost more).
 * - A job runs at most `timeoutMs`, counted from the moment its thread starts it (waiting does
 *   not count): past that, its thread is terminated and replaced, and the job rejects. A thread
 *   that crashes or passes its memory limits (`memoryMb`, node's resourceLimits) is replaced the
 *   same way; only its own job rejects.
 * - A thread hands its PDF over rather than copying it (the bytes' memory moves to the event loop's
 *   thread), with the SHA-256 it computed: the event loop neither copies nor hashes the bytes.
 * - The threads start with the first job (most processes of a test run never render), get the
 *   sealing key once as PEM in their workerData, and are terminated by `close()`. After
 *   `recycleAfterJobs` jobs per thread they are replaced by fresh ones (./pool-recycling.ts).
 * - A thread loads ./render-worker as ../thread-entry.ts says (compiled or through tsx's loader).
 */
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { RenderAborted, RenderQueueFull, type PdfRenderer, type RenderedPdf, type RenderJob, type RenderOptions } from '../../ports/pdf-renderer.js';
import { startedJob, type RenderTask, type RenderWorkerData } from './render-task.js';
import { PoolGenerations } from './pool-recycling.js';
import { threadEntry, threadExecArgv } from '../thread-entry.js';

export interface RenderPoolOptions {
  threads: number;
  /** Jobs that may wait for a thread beyond the running ones. */
  queue: number;
  timeoutMs: number;
  /** Jobs of one organisation that may run at once; default: one fewer than `threads` (at least 1). See RENDER_THREADS_PER_ORGANISATION. */
  perOrganisation?: number;
  /** Each thread's JavaScript heap limit (resourceLimits.maxOldGenerationSizeMb); see RENDER_MEMORY_MB. */
  memoryMb?: number;
  /** Jobs per thread after which the threads are replaced (./pool-recycling.ts); unset never. See RENDER_RECYCLE_AFTER_JOBS. */
  recycleAfterJobs?: number;
  /** Added to the threads' nice value (0 = the event loop's priority); see RENDER_NICE. */
  nice?: number;
  sealingKey: RenderWorkerData['sealingKey'];
  /** The threads' entry module; tests give one that wraps the real one. */
  workerUrl?: URL;
  /** Where failures outside any job are reported (a thread failing while idle). */
  onError?: (error: unknown) => void;
}

export const RENDER_WORKER_URL = threadEntry('render-worker', import.meta.url);

/** A job waiting for a thread: `start` hands it to piscina, `drop` rejects it unstarted. */
interface Waiting {
  organizationId: string;
  start: () => void;
  drop: (error: Error) => void;
}

export class WorkerRenderPool implements PdfRenderer {
  readonly #options: RenderPoolOptions;
  readonly #pools: PoolGenerations<Piscina<RenderTask, RenderedPdf>>;
  /** Jobs handed to piscina and not settled. */
  #running = 0;
  /** Jobs waiting for a thread, oldest first. */
  readonly #waiting: Waiting[] = [];
  /** Per organisation with jobs running or waiting: its jobs running, and the number of the last job it started. */
  readonly #runningOf = new Map<string, number>();
  readonly #lastStartOf = new Map<string, number>();
  #starts = 0;
  #nextId = 0;
  /** Per job id, what starts its timeout when its thread says it started. */
  readonly #onStart = new Map<number, (threadId: number) => void>();
  #closed = false;

  constructor(options: RenderPoolOptions) {
    this.#options = options;
    this.#pools = new PoolGenerations(() => this.#start(), options.threads * (options.recycleAfterJobs ?? Infinity));
  }

  async render(job: RenderJob, { organizationId, signal }: RenderOptions): Promise<RenderedPdf> {
    if (this.#closed) throw new Error('the render pool is closed');
    const { threads, queue, timeoutMs } = this.#options;
    if (this.pending >= threads + queue) throw new RenderQueueFull(this.#retryAfterS());
    if (signal?.aborted) throw new RenderAborted();
    // Before the first job waits, so the threads start meanwhile.
    if (!this.#pools.current && this.#pools.live.length === 0) this.#pools.start();
    await this.#turn(organizationId, signal);
    // Taken when the job runs and held until it settles: only running jobs keep a retired generation alive.
    const pool = this.#pools.acquire();
    try {
      return await this.#run(pool, job, timeoutMs);
    } finally {
      this.#pools.release(pool);
      this.#running--;
      const running = this.#runningOf.get(organizationId)! - 1;
      if (running > 0) this.#runningOf.set(organizationId, running);
      else this.#runningOf.delete(organizationId);
      // An organisation with nothing running or waiting is forgotten (the maps stay as small as the queue); it comes back as a newcomer.
      if (running === 0 && !this.#waiting.some((w) => w.organizationId === organizationId)) this.#lastStartOf.delete(organizationId);
      this.#startNext();
    }
  }

  /** Resolves when the job may run (its thread is counted); rejects with RenderAborted when its signal aborts first. */
  #turn(organizationId: string, signal: AbortSignal | undefined): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        this.#waiting.splice(this.#waiting.indexOf(waiting), 1);
        reject(new RenderAborted());
      };
      const waiting: Waiting = {
        organizationId,
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
        drop: (error) => {
          signal?.removeEventListener('abort', onAbort);
          reject(error);
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#waiting.push(waiting);
      this.#startNext();
    });
  }

  /** Starts waiting jobs while threads are free, each time the fairest one (see the invariants above). */
  #startNext(): void {
    const { threads } = this.#options;
    const cap = this.#perOrganisation();
    while (this.#running < threads) {
      let next: Waiting | undefined;
      let nextKey: [number, number] | undefined;
      const seen = new Set<string>();
      for (const waiting of this.#waiting) {
        // An organisation's oldest job stands for it; its later ones wait behind it.
        if (seen.has(waiting.organizationId)) continue;
        seen.add(waiting.organizationId);
        const running = this.#runningOf.get(waiting.organizationId) ?? 0;
        if (running >= cap) continue;
        const key: [number, number] = [running, this.#lastStartOf.get(waiting.organizationId) ?? 0];
        if (!nextKey || key[0] < nextKey[0] || (key[0] === nextKey[0] && key[1] < nextKey[1])) [next, nextKey] = [waiting, key];
      }
      if (!next) return;
      this.#waiting.splice(this.#waiting.indexOf(next), 1);
      this.#running++;
      this.#runningOf.set(next.organizationId, (this.#runningOf.get(next.organizationId) ?? 0) + 1);
      this.#lastStartOf.set(next.organizationId, ++this.#starts);
      next.start();
    }
  }

  #perOrganisation(): number {
    const { threads, perOrganisation } = this.#options;
    return perOrganisation ?? Math.max(1, threads - 1);
  }

  async #run(pool: Piscina<RenderTask, RenderedPdf>, job: RenderJob, timeoutMs: number): Promise<RenderedPdf> {
    const id = ++this.#nextId;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    this.#onStart.set(id, (threadId) => {
      timer = setTimeout(() => {
        timedOut = true;
        void this.threads.find((thread) => thread.threadId === threadId)?.terminate();
      }, timeoutMs);
    });
    try {
      return await pool.run({ id, job });
    } catch (error) {
      throw timedOut ? new Error(`the render ran longer than ${timeoutMs} ms; its thread was replaced`, { cause: error }) : error;
    } finally {
      clearTimeout(timer);
      this.#onStart.delete(id);
    }
  }

  /** Jobs running or waiting for a thread. */
  get pending(): number {
    return this.#running + this.#waiting.length;
  }

  /** Jobs waiting for a thread (here, or in piscina while a replaced thread starts). */
  get waiting(): number {
    return this.#waiting.length + this.#pools.live.reduce((sum, pool) => sum + pool.queueSize, 0);
  }

  /** The live threads (none before the first job), of every generation: tests terminate one to see a crash handled. */
  get threads(): readonly Worker[] {
    return this.#pools.live.flatMap((pool) => pool.threads);
  }

  /** Generations of threads replaced so far (`recycleAfterJobs`). */
  get recycled(): number {
    return this.#pools.replaced;
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#waiting.splice(0)) waiting.drop(new Error('the render pool is closed'));
    await this.#pools.destroyAll();
  }

  #start(): Piscina<RenderTask, RenderedPdf> {
    const { threads, sealingKey, workerUrl = RENDER_WORKER_URL } = this.#options;
    const pool = new Piscina<RenderTask, RenderedPdf>({
      filename: workerUrl.href,
      minThreads: threads,
      maxThreads: threads,
      workerData: { sealingKey } satisfies RenderWorkerData,
      execArgv: threadExecArgv(),
      // A thread whose heap passes the limit is ended (ERR_WORKER_OUT_OF_MEMORY) and replaced; only its job fails.
      ...(this.#options.memoryMb ? { resourceLimits: { maxOldGenerationSizeMb: this.#options.memoryMb } } : {}),
      // Jobs wait in this class's queue; piscina's holds one only while a replaced thread starts.
      // First come, first served there too (its queue for jobs with an AbortSignal is not FIFO,
      // hence the timeout terminates the thread itself and no signal is given to piscina).
      stricterFIFO: true,
      // Rendering yields the CPU to the event loop (and to PostgreSQL on the same machine): at a
      // lower priority the threads take what requests leave, so a burst of issues does not delay
      // every other request; with no other work they run at full speed. Per thread on Linux
      // (piscina through @napi-rs/nice); ignored where the platform has no per-thread nice.
      niceIncrement: this.#options.nice ?? 0,
    });
    pool.on('message', (message: unknown) => {
      const started = startedJob(message);
      if (started) this.#onStart.get(started.id)?.(started.threadId);
    });
    pool.on('error', (error: unknown) => this.#options.onError?.(error));
    return pool;
  }

  /** Seconds until the jobs held now have likely run, from the mean run time so far (1 to 60). */
  #retryAfterS(): number {
    const meanMs = this.#pools.live.at(-1)?.histogram.runTime.mean;
    const drainS = meanMs && Number.isFinite(meanMs) ? (this.pending * meanMs) / this.#options.threads / 1000 : 1;
    return Math.min(60, Math.max(1, Math.ceil(drainS)));
  }
}
