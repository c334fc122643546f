/**
 * Recycling of the render threads (./worker-pool.ts): after `recycleAfterJobs` jobs per thread, the
 * threads are replaced by fresh ones, so what a thread holds outside its JavaScript heap limit —
 * buffers of finished renders its garbage collector has not reclaimed yet, memory its allocator
 * keeps — is given back to the system instead of growing the process for as long as it runs.
 *
 * The threads are replaced as a generation, never one by one under a job: the generation that has
 * started its share of jobs is retired (it takes no new job), the next job starts a new one, and the
 * retired one is destroyed as soon as the jobs running on it have settled. No job is cut short; for
 * that moment the process has the new threads beside the old ones that are finishing. The next
 * generation is started when the current one has done nine tenths of its share, so its threads
 * are ready when it takes over (a thread's start — modules, fonts, sealing key — would otherwise
 * hold up the renders waiting for it).
 */

interface Destroyable {
  destroy(): Promise<void>;
}

interface Generation<P> {
  pool: P;
  started: number;
  held: number;
  retired: boolean;
}

export class PoolGenerations<P extends Destroyable> {
  readonly #create: () => P;
  readonly #jobsPerGeneration: number;
  #current: Generation<P> | undefined;
  /** Started ahead, to take over from the current generation when it retires. */
  #next: Generation<P> | undefined;
  readonly #live: Generation<P>[] = [];
  #replaced = 0;

  /** `jobsPerGeneration` jobs start on one generation of threads; Infinity never recycles. */
  constructor(create: () => P, jobsPerGeneration: number) {
    this.#create = create;
    this.#jobsPerGeneration = jobsPerGeneration;
  }

  /** Starts the next generation now if none is current (its threads start before a job needs them). */
  start(): void {
    this.#generation();
  }

  /** The generation the next job starts on (started when there is none), the job counted on it. */
  acquire(): P {
    const current = this.#generation();
    current.started++;
    current.held++;
    if (!this.#next && current.started >= this.#jobsPerGeneration * 0.9) this.#next = this.#created();
    if (current.started >= this.#jobsPerGeneration) {
      current.retired = true;
      this.#current = undefined;
      this.#replaced++;
    }
    return current.pool;
  }

  #generation(): Generation<P> {
    if (!this.#current) {
      this.#current = this.#next ?? this.#created();
      this.#next = undefined;
    }
    return this.#current;
  }

  #created(): Generation<P> {
    const generation = { pool: this.#create(), started: 0, held: 0, retired: false };
    this.#live.push(generation);
    return generation;
  }

  /** A job of `pool` settled: a retired generation holding no more jobs is destroyed. */
  release(pool: P): void {
    const generation = this.#live.find((g) => g.pool === pool);
    if (!generation) return;
    generation.held--;
    if (generation.retired && generation.held === 0) {
      this.#live.splice(this.#live.indexOf(generation), 1);
      void generation.pool.destroy();
    }
  }

  /** The generation jobs start on now, if one is running. */
  get current(): P | undefined {
    return this.#current?.pool;
  }

  /** Every generation still alive: the current one and retired ones finishing their jobs. */
  get live(): P[] {
    return this.#live.map((g) => g.pool);
  }

  /** Generations retired so far. */
  get replaced(): number {
    return this.#replaced;
  }

  async destroyAll(): Promise<void> {
    this.#current = this.#next = undefined;
    await Promise.all(this.#live.splice(0).map((g) => g.pool.destroy()));
  }
}
