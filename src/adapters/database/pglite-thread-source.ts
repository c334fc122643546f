/**
 * The code of the embedded database's thread (./pglite-wire.ts), as the source the thread is
 * started with (`new Worker(source, { eval: true })`): PGlite, required from the path in the
 * thread's workerData, runs each batch of frontend bytes it is sent, in order, one at a time, and
 * answers with the backend's bytes.
 *
 * Why source text and not a module of its own: a thread's module would be TypeScript when the
 * service runs from its sources (tests, tsx), and only a loader registered inside the thread can
 * load that. Each thread that registers one gets a loader thread of its own besides, and the
 * embedded database opens one thread per database. This source needs nothing but Node and PGlite,
 * compiled or not. What crosses between the threads is typed in ./pglite-wire-messages.ts, and
 * test/storage/pglite-thread.test.ts runs it.
 */
export const PGLITE_THREAD_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglite);

const reason = (error) => (error instanceof Error ? error.message : String(error));

// The backend's bytes of one batch, gathered as PGlite writes them (views of its WebAssembly
// memory, so copied at once) into one buffer of their own, which is handed over rather than copied.
// Why execProtocolRawStream and not execProtocolRaw: execProtocolRaw also parses every message it
// answers and keeps the result in a list that only execProtocol empties, so a thread that only ever
// calls execProtocolRaw grew by about 1.7 KB a statement for as long as it ran (PGlite 0.5.16).
async function exchange(pglite, bytes) {
  const chunks = [];
  let size = 0;
  await pglite.execProtocolRawStream(bytes, {
    onRawData: (data) => {
      chunks.push(data.slice());
      size += data.length;
    },
  });
  if (chunks.length === 1) return chunks[0];
  const answer = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    answer.set(chunk, at);
    at += chunk.length;
  }
  return answer;
}

PGlite.create(workerData.dataDir, { wasmModule: workerData.wasmModule, ...(workerData.from ? { loadDataDir: new Blob([workerData.from]) } : {}) }).then(
  (pglite) => {
    let queue = Promise.resolve();
    parentPort.on('message', (message) => {
      queue = queue.then(async () => {
        if (message.close) {
          await pglite.close();
          parentPort.postMessage({ closed: true });
          parentPort.close();
          return;
        }
        try {
          const answer = await exchange(pglite, message.bytes);
          parentPort.postMessage({ bytes: answer }, [answer.buffer]);
        } catch (error) {
          parentPort.postMessage({ error: reason(error) });
        }
      });
    });
    parentPort.postMessage({ ready: true });
  },
  (error) => {
    parentPort.postMessage({ failed: reason(error) });
    parentPort.close();
  },
);
`;
