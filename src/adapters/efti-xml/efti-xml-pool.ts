/**
 * The eFTI XML writer: worker threads (piscina) that run the xmlbuilder2 serialiser, so a large
 * document (milliseconds of CPU) never holds the event loop. The threads start with the first job
 * and are terminated by close(). Unlike the render pool there is no timeout or queue bound: a job
 * is pure CPU proportional to a document the service itself shaped (at most 200 goods lines).
 */
import { Piscina } from 'piscina';
import type { EftiXmlJob, EftiXmlWriter } from '../../ports/efti-xml-writer.js';
import { threadEntry, threadExecArgv } from '../thread-entry.js';

const WORKER_URL = threadEntry('efti-xml-worker', import.meta.url);

export class EftiXmlPool implements EftiXmlWriter {
  readonly #threads: number;
  #pool: Piscina<EftiXmlJob, string> | undefined;
  #closed = false;

  constructor(options: { threads: number }) {
    this.#threads = options.threads;
  }

  async write(job: EftiXmlJob): Promise<string> {
    if (this.#closed) throw new Error('the eFTI XML pool is closed');
    this.#pool ??= new Piscina<EftiXmlJob, string>({ filename: WORKER_URL.href, minThreads: 1, maxThreads: this.#threads, execArgv: threadExecArgv() });
    return this.#pool.run(job);
  }

  async close(): Promise<void> {
    this.#closed = true;
    await this.#pool?.destroy();
  }
}
