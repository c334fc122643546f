/**
 * The embedded database in a thread of its own, reached by `pg` as if over a socket.
 *
 * PGlite runs PostgreSQL's backend synchronously wherever it is called. In the event loop's thread,
 * every statement of an issue, a create or a webhook claim held the loop for as long as it ran, and
 * requests that needed no database at all (a keyed whoami, a cached inspection) waited behind it.
 * Here it runs in a thread of its own (./pglite-thread-source.ts), and `pg` talks to it through a stream that carries the wire
 * protocol's bytes to the thread and the backend's answers back: `pg` then does what it does with
 * a server (the same parser, the same errors with their SQLSTATE), and nothing else changes.
 *
 * Invariants:
 * - What `pg` writes in one turn of the event loop travels as one batch (a query's Parse, Bind,
 *   Describe, Execute and Sync: one crossing, not five). Batches run in the order they were sent.
 *   A transaction's BEGIN is answered at once and sent with its first statement, one crossing
 *   fewer for the time the one session is held.
 * - The thread holds the process open only while a batch is out: an idle database does not keep a
 *   script from exiting, as the in-process PGlite did not.
 * - If the thread dies, every stream and every batch still out fails with the reason, and so does
 *   every later one: the database is gone, as a server that went away.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Duplex, type Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import { PGLITE_THREAD_SOURCE } from './pglite-thread-source.js';
import type { FromPgliteThread, PgliteThreadData, ToPgliteThread } from './pglite-wire-messages.js';

/** PGlite's CommonJS entry, which the thread requires (./pglite-thread-source.ts). */
const PGLITE_MODULE = createRequire(import.meta.url).resolve('@electric-sql/pglite');

/**
 * PostgreSQL compiled to WebAssembly (9 MB), compiled once per process and handed to each
 * database's thread, which would otherwise compile it again: a process that opens many embedded
 * databases (the test suite: one per test app) saves that work for every one after the first.
 */
let compiled: Promise<WebAssembly.Module> | undefined;
const pgliteWasm = () => (compiled ??= readFile(join(dirname(PGLITE_MODULE), 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)));

/** The thread and the batches sent to it, answered in order. */
export class PgliteThread {
  readonly #worker: Worker;
  readonly #waiting: { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }[] = [];
  #closing: (() => void) | undefined;
  #closed: Promise<void> | undefined;
  #gone: Error | undefined;

  private constructor(worker: Worker) {
    this.#worker = worker;
    worker.on('message', (message: FromPgliteThread) => this.#received(message));
    worker.on('error', (error) => this.#fail(error));
    worker.on('exit', (code) => {
      this.#fail(new Error(`the embedded database's thread exited (code ${code})`));
      this.#closing?.();
    });
    worker.unref();
  }

  /** Starts the thread and opens the database in it: `dataDir` is a folder or `memory://`. */
  static async start(data: PgliteThreadData): Promise<PgliteThread> {
    // No options of this process (its loaders, say) reach the thread: it needs none.
    const worker = new Worker(PGLITE_THREAD_SOURCE, { eval: true, execArgv: [], workerData: { ...data, pglite: PGLITE_MODULE, wasmModule: await pgliteWasm() } });
    const started = await new Promise<FromPgliteThread>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      const exited = (code: number) => reject(new Error(`the embedded database's thread exited while starting (code ${code})`));
      worker.once('error', failed).once('exit', exited).once('message', (message: FromPgliteThread) => {
        worker.off('error', failed).off('exit', exited);
        resolve(message);
      });
    });
    if ('failed' in started) {
      await worker.terminate();
      throw new Error(`the embedded database did not open: ${started.failed}`);
    }
    return new PgliteThread(worker);
  }

  /** Runs frontend bytes in the database; resolves with the backend's answer. */
  exchange(bytes: Uint8Array): Promise<Uint8Array> {
    if (this.#gone) return Promise.reject(this.#gone);
    return new Promise((resolve, reject) => {
      if (this.#waiting.length === 0) this.#worker.ref();
      this.#waiting.push({ resolve, reject });
      this.#send({ bytes });
    });
  }

  /** Closes the database in its thread (after every batch already sent) and ends the thread; once. */
  close(): Promise<void> {
    this.#closed ??= this.#gone
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          this.#closing = resolve;
          this.#worker.ref();
          this.#send({ close: true });
        });
    return this.#closed;
  }

  /**
   * A heap snapshot of the thread (V8's JSON, streamed; the thread collects its garbage first), for
   * diagnosis: what the database's JavaScript keeps, apart from the WebAssembly memory.
   */
  heapSnapshot(): Promise<Readable> {
    return this.#worker.getHeapSnapshot();
  }

  /** A stream for one `pg` connection; the session behind it is the database's one session. */
  connection(): PgliteWireStream {
    return new PgliteWireStream(this);
  }

  #send(message: ToPgliteThread): void {
    if ('bytes' in message) this.#worker.postMessage(message, [message.bytes.buffer as ArrayBuffer]);
    else this.#worker.postMessage(message);
  }

  #received(message: FromPgliteThread): void {
    if ('closed' in message) {
      this.#fail(new Error('the embedded database is closed'));
      // Its files are written and closed: nothing the thread still holds is worth waiting for.
      void this.#worker.terminate();
      return;
    }
    const waiter = this.#waiting.shift();
    if (this.#waiting.length === 0) this.#worker.unref();
    if (!waiter) return;
    if ('bytes' in message) waiter.resolve(message.bytes);
    else if ('error' in message) waiter.reject(new Error(`the embedded database failed: ${message.error}`));
  }

  #fail(error: Error): void {
    this.#gone ??= error;
    for (const waiter of this.#waiting.splice(0)) waiter.reject(error);
  }
}

/**
 * What `pg`'s connection needs of a socket: `connect` (answered at once: the thread is already
 * there), writes of frontend messages, `data` events of backend bytes, and an end.
 */
export class PgliteWireStream extends Duplex {
  readonly #thread: PgliteThread;
  #pending: Buffer[] = [];
  /** A BEGIN answered here, to be sent with the next batch (see #flush). */
  #beginHeld = false;

  constructor(thread: PgliteThread) {
    super();
    this.#thread = thread;
  }

  connect(): this {
    process.nextTick(() => this.emit('connect'));
    return this;
  }

  setNoDelay(): this {
    return this;
  }

  setKeepAlive(): this {
    return this;
  }

  ref(): this {
    return this;
  }

  unref(): this {
    return this;
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    // `pg` writes a query's messages one by one in the same turn; they leave together after it.
    if (this.#pending.length === 0) queueMicrotask(() => this.#flush());
    this.#pending.push(chunk);
    callback();
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.push(null);
    callback();
  }

  override _read(): void {
    // Answers are pushed as they arrive; there is nothing to pull.
  }

  #flush(): void {
    let batch = this.#pending.length === 1 ? this.#pending[0]! : Buffer.concat(this.#pending);
    this.#pending = [];
    // A Terminate ('X') alone ends the connection, not the database's session: it is not sent.
    if (batch.length === 5 && batch[0] === 0x58) return;
    // A transaction's BEGIN is answered here and travels with the transaction's first statement:
    // the session is held from BEGIN to COMMIT, and each crossing in between is time it is held.
    if (batch.equals(BEGIN)) {
      this.#beginHeld = true;
      process.nextTick(() => this.push(BEGIN_ANSWER));
      return;
    }
    const withBegin = this.#beginHeld;
    if (withBegin) batch = Buffer.concat([BEGIN, batch]);
    this.#beginHeld = false;
    // The thread takes the bytes over: copy what shares a buffer with `pg`'s other writes.
    const own = new Uint8Array(batch);
    this.#thread.exchange(own).then(
      (answer) => {
        if (this.destroyed) return;
        const rest = withBegin ? afterBegin(answer) : answer;
        if (rest instanceof Error) this.destroy(rest);
        else if (rest.byteLength > 0) this.push(Buffer.from(rest.buffer, rest.byteOffset, rest.byteLength));
      },
      (error: Error) => this.destroy(error),
    );
  }
}

/** A simple query `begin`, as Kysely opens a transaction through `pg`. */
const BEGIN = simpleQuery('begin');
/** What a server answers to it: CommandComplete "BEGIN", ReadyForQuery in a transaction ('T'). */
const BEGIN_ANSWER = Buffer.concat([message('C', Buffer.from('BEGIN\0')), message('Z', Buffer.from('T'))]);

function message(type: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function simpleQuery(text: string): Buffer {
  return message('Q', Buffer.from(`${text}\0`));
}

/** The answer without that of the BEGIN sent ahead of it (up to its ReadyForQuery), or why it failed. */
function afterBegin(answer: Uint8Array): Uint8Array | Error {
  const view = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  for (let at = 0; at + 5 <= view.length; ) {
    const type = view[at];
    const end = at + 1 + view.readInt32BE(at + 1);
    if (type === 0x45) return new Error('the embedded database refused to begin a transaction');
    if (type === 0x5a) return answer.subarray(end);
    at = end;
  }
  return new Error('the embedded database did not answer the beginning of a transaction');
}
