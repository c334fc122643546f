/**
 * The entry of the embedded database's thread (./pglite-wire.ts): PGlite runs PostgreSQL's backend
 * as WebAssembly, synchronously, wherever it is called; here that is a thread of its own, so the
 * event loop serving requests never waits while a statement runs.
 *
 * The thread speaks PostgreSQL's wire protocol with the event loop's thread: each message it gets is
 * frontend bytes (a startup packet, or a batch such as Parse, Bind, Describe, Execute, Sync), which
 * it runs in order, one batch at a time, and answers with the backend's bytes. `pg` parses them on
 * the other side exactly as it parses a server's, so errors keep their SQLSTATE and constraint.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import type { PgliteThreadData, ToPgliteThread } from './pglite-wire-messages.js';

const port = parentPort!;
const { dataDir, from } = workerData as PgliteThreadData;

let pglite: PGlite;
try {
  pglite = await PGlite.create(dataDir, from ? { loadDataDir: new Blob([from]) } : {});
  port.postMessage({ ready: true });
} catch (error) {
  port.postMessage({ failed: error instanceof Error ? error.message : String(error) });
  process.exit(1);
}

/** Bytes that own their whole buffer, so they can be handed over rather than copied. */
function ownBuffer(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.buffer instanceof ArrayBuffer;
  return whole ? (bytes as Uint8Array<ArrayBuffer>) : bytes.slice();
}

let queue = Promise.resolve();
port.on('message', (message: ToPgliteThread) => {
  queue = queue.then(async () => {
    if ('close' in message) {
      await pglite.close();
      port.postMessage({ closed: true });
      port.close();
      return;
    }
    try {
      // The startup packet's answer is a view of PGlite's receive buffer, which the next batch reuses.
      const answer = ownBuffer(await pglite.execProtocolRaw(message.bytes));
      port.postMessage({ bytes: answer }, [answer.buffer]);
    } catch (error) {
      port.postMessage({ error: error instanceof Error ? error.message : String(error) });
    }
  });
});
