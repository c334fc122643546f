/**
 * The production PDF renderer: a fixed pool of worker threads (piscina) that render and seal, so
 * the event loop keeps serving requests meanwhile (DESIGN, Lifecycle).
 *
 * Invariants:
 * - At most `threads + queue` jobs are held (running or waiting); one more is refused at once with
 *   RenderQueueFull instead of piling up.
 * - Jobs start in the order they came (stricterFIFO, and no AbortSignal, whose queue is not FIFO).
 * - A job runs at most `timeoutMs`, counted from the moment its thread starts it (waiting in the
 *   queue does not count): past that, its thread is terminated and replaced, and the job rejects.
 *   A thread that crashes is replaced the same way; only its own job rejects.
 * - The threads start with the first job (most processes of a test run never render), get the
 *   sealing key once as PEM in their workerData, and are terminated by `close()`.
 * - A thread loads ./render-worker.js next to this file when it runs compiled (dist/), and
 *   ./render-worker.ts through tsx's loader when it runs from sources (tsx, Vitest: Vitest's own
 *   transform does not reach into threads).
 */
import type { Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { RenderQueueFull, type PdfRenderer, type RenderJob } from '../../ports/pdf-renderer.js';
import { startedJob, type RenderTask, type RenderWorkerData } from './render-task.js';

export interface RenderPoolOptions {
  threads: number;
  /** Jobs that may wait for a thread beyond the running ones. */
  queue: number;
  timeoutMs: number;
  /** Added to the threads' nice value (0 = the event loop's priority); see RENDER_NICE. */
  nice?: number;
  sealingKey: RenderWorkerData['sealingKey'];
  /** The threads' entry module; tests give one that wraps the real one. */
  workerUrl?: URL;
  /** Where failures outside any job are reported (a thread failing while idle). */
  onError?: (error: unknown) => void;
}

const FROM_SOURCES = import.meta.url.endsWith('.ts');

export const RENDER_WORKER_URL = new URL(`./render-worker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url);

/** Node options for the threads: tsx's loader when running from sources and not already inherited (the eFTI XML pool too). */
export function threadExecArgv(): string[] | undefined {
  if (!FROM_SOURCES || process.execArgv.some((a) => /(^|[=/])tsx(\/|$)/.test(a))) return undefined;
  return [...process.execArgv, '--import', 'tsx'];
}

export class WorkerRenderPool implements PdfRenderer {
  readonly #options: RenderPoolOptions;
  #pool: Piscina<RenderTask, Uint8Array> | undefined;
  /** Jobs handed to piscina and not settled: running or queued. */
  #held = 0;
  #nextId = 0;
  /** Per job id, what starts its timeout when its thread says it started. */
  readonly #onStart = new Map<number, (threadId: number) => void>();
  #closed = false;

  constructor(options: RenderPoolOptions) {
    this.#options = options;
  }

  async render(job: RenderJob): Promise<Uint8Array> {
    if (this.#closed) throw new Error('the render pool is closed');
    const { threads, queue, timeoutMs } = this.#options;
    if (this.#held >= threads + queue) throw new RenderQueueFull(this.#retryAfterS());
    const pool = (this.#pool ??= this.#start());
    const id = ++this.#nextId;
    let timer: NodeJS.Timeout | undefined;
    let timedOut = false;
    this.#onStart.set(id, (threadId) => {
      timer = setTimeout(() => {
        timedOut = true;
        void this.threads.find((thread) => thread.threadId === threadId)?.terminate();
      }, timeoutMs);
    });
    this.#held++;
    try {
      return await pool.run({ id, job });
    } catch (error) {
      throw timedOut ? new Error(`the render ran longer than ${timeoutMs} ms; its thread was replaced`, { cause: error }) : error;
    } finally {
      this.#held--;
      clearTimeout(timer);
      this.#onStart.delete(id);
    }
  }

  /** Jobs running or waiting for a thread. */
  get pending(): number {
    return this.#held;
  }

  /** Jobs waiting for a thread. */
  get waiting(): number {
    return this.#pool?.queueSize ?? 0;
  }

  /** The live threads (none before the first job): tests terminate one to see a crash handled. */
  get threads(): readonly Worker[] {
    return this.#pool?.threads ?? [];
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool?.destroy();
  }

  #start(): Piscina<RenderTask, Uint8Array> {
    const { threads, sealingKey, workerUrl = RENDER_WORKER_URL } = this.#options;
    const pool = new Piscina<RenderTask, Uint8Array>({
      filename: workerUrl.href,
      minThreads: threads,
      maxThreads: threads,
      workerData: { sealingKey } satisfies RenderWorkerData,
      execArgv: threadExecArgv(),
      // First come, first served. Without it a job that finds every thread busy when one frees up
      // is put back at the tail, and piscina's queue for jobs with an AbortSignal is not FIFO either
      // (hence the timeout terminates the thread itself): under load some requests would wait many
      // times longer than the rest.
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
    const meanMs = this.#pool?.histogram.runTime.mean;
    const drainS = meanMs && Number.isFinite(meanMs) ? (this.#held * meanMs) / this.#options.threads / 1000 : 1;
    return Math.min(60, Math.max(1, Math.ceil(drainS)));
  }
}
