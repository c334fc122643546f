// The driver app's outbox: every action the driver takes (a signature, a remark with its photos,
// a stop done or skipped) is first written here, in IndexedDB, with the time it was made and an
// Idempotency-Key made on the phone, then sent in the order it was made. So an action made
// without signal waits on the phone, and one sent twice (the page and the service worker both
// draining, or an answer lost on the way back) is applied once by the server, which keeps the
// first answer for that key. Nothing leaves the queue silently: an action is removed when the
// server applied it, or moved to the refused list, which the page shows until the driver has
// read it. Loaded by the page (driver-app.js) and by the service worker (importScripts), so it
// uses only what both have; `self.driverQueue` is its interface. Node's tests load it in a
// sandbox with the in-memory store.
(() => {
  'use strict';

  const DATABASE = 'driver-app';
  const PENDING = 'pending';
  const REFUSED = 'refused';
  const CHANNEL = 'driver-queue';

  /** What to do with an action after one attempt: from the answer's status and problem code. */
  function outcome(status, code) {
    if (status === 0) return 'retry'; // no answer: no signal, or the connection dropped
    if (status >= 200 && status < 300) return 'applied';
    if (status === 401) return 'session'; // the session ended: keep it, and sign in again
    if (status === 408 || status === 425 || status === 429 || status >= 500) return 'retry';
    // The same key still being applied by another attempt (the page and the worker both sending).
    if (code === 'idempotency_in_progress') return 'retry';
    return 'refused';
  }

  /** IndexedDB, opened once: `pending` keyed by `seq` (the order made), `refused` by `key`. */
  function indexedDbStore() {
    let opened = null;
    const open = () => {
      opened ??= new Promise((resolve, reject) => {
        const request = indexedDB.open(DATABASE, 1);
        request.onupgradeneeded = () => {
          request.result.createObjectStore(PENDING, { keyPath: 'seq', autoIncrement: true });
          request.result.createObjectStore(REFUSED, { keyPath: 'key' });
        };
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      return opened;
    };
    const run = async (name, mode, work) => {
      const db = await open();
      return new Promise((resolve, reject) => {
        const transaction = db.transaction(name, mode);
        const request = work(transaction.objectStore(name));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error);
        transaction.onabort = () => reject(transaction.error);
      });
    };
    return {
      all: (name) => run(name, 'readonly', (store) => store.getAll()),
      add: (name, value) => run(name, 'readwrite', (store) => store.add(value)),
      put: (name, value) => run(name, 'readwrite', (store) => store.put(value)),
      delete: (name, key) => run(name, 'readwrite', (store) => store.delete(key)),
    };
  }

  /** The same store in memory, for Node's tests and for a browser without IndexedDB. */
  function memoryStore() {
    const tables = { [PENDING]: new Map(), [REFUSED]: new Map() };
    let seq = 0;
    return {
      all: async (name) => [...tables[name].values()].map((v) => structuredClone(v)),
      add: async (name, value) => {
        const row = name === PENDING ? { ...value, seq: ++seq } : { ...value };
        tables[name].set(name === PENDING ? row.seq : row.key, structuredClone(row));
        return name === PENDING ? row.seq : row.key;
      },
      put: async (name, value) => {
        tables[name].set(name === PENDING ? value.seq : value.key, structuredClone(value));
      },
      delete: async (name, key) => {
        tables[name].delete(key);
      },
    };
  }

  /**
   * Sends one action as its request says: JSON, or multipart with the photos as files. The
   * Idempotency-Key is the action's, on every attempt. Answers { status, body } and never throws
   * (status 0 when there was no answer).
   */
  async function sendRequest(action, fetchFn) {
    const { method, url, json, parts } = action.request;
    const headers = { accept: 'application/json', 'idempotency-key': action.key };
    let body;
    if (parts) {
      body = new FormData();
      for (const part of parts) {
        if (part.blob) body.append(part.name, part.blob, part.filename || 'photo.jpg');
        else body.append(part.name, part.value);
      }
    } else if (json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(json);
    }
    let response;
    try {
      response = await fetchFn(url, { method, headers, body, credentials: 'same-origin', cache: 'no-store' });
    } catch {
      return { status: 0, body: { code: 'network' } };
    }
    let parsed = null;
    try { parsed = await response.json(); } catch { parsed = null; }
    return { status: response.status, body: parsed && typeof parsed === 'object' ? parsed : {} };
  }

  /** The answer of a GET, or null without one. */
  async function getJson(url, fetchFn) {
    try {
      const response = await fetchFn(url, { headers: { accept: 'application/json' }, credentials: 'same-origin', cache: 'no-store' });
      return response.ok ? await response.json() : null;
    } catch {
      return null;
    }
  }

  /**
   * The note version an action signs. The phone showed `action.note`; this phone's own actions on
   * the shipment that were applied before it (a remark, a signature: `own_versions`) each made the
   * next version, which the signer saw being made. So the version to name is the current one when
   * it is exactly that many versions on; any other change is someone else's, and the version shown
   * is named, for the server to refuse with `conflict` rather than sign what the signer never saw.
   */
  function noteToSign(action, current) {
    const shown = action.note;
    if (current && current.version === shown.version + (action.own_versions ?? 0)) return { document_id: current.document_id, document_sha256: current.sha256 };
    return { document_id: shown.document_id, document_sha256: shown.sha256 };
  }

  /** The stop's current note, from the driver API's tour. */
  async function currentNote(action, fetchFn) {
    const tour = await getJson(`/v1/driver/tours/${encodeURIComponent(action.tour_id)}`, fetchFn);
    const stop = tour?.stops?.find((s) => s.position === action.position);
    return stop?.note ?? null;
  }

  /** Sends one queued action, whatever its kind; answers { status, body } and never throws. */
  async function sendAction(action, fetchFn) {
    if (action.note && action.own_versions > 0 && action.request.json) {
      const note = noteToSign(action, await currentNote(action, fetchFn));
      return sendRequest({ ...action, request: { ...action.request, json: { ...action.request.json, ...note } } }, fetchFn);
    }
    return sendRequest(action, fetchFn);
  }

  /**
   * The queue over a store. `send(action)` answers { status, body }; `onChange()` is called after
   * every change, so the page can show the count; `now()` the capture time; `newKey()` a fresh
   * Idempotency-Key.
   */
  function createQueue({ store, send, onChange = () => {}, now = () => new Date(), newKey = () => crypto.randomUUID(), lock }) {
    let draining = null;

    const pending = async () => (await store.all(PENDING)).sort((a, b) => a.seq - b.seq);
    const refused = async () => (await store.all(REFUSED)).sort((a, b) => String(a.refused_at).localeCompare(String(b.refused_at)));

    /** Writes the action to the phone before anything is sent: its key and capture time are fixed here. */
    async function enqueue(action) {
      const row = { ...action, key: newKey(), captured_at: now().toISOString(), attempts: 0 };
      // The driver API takes the capture time in the body of every action (docs/driver.md).
      if (row.request?.json) row.request = { ...row.request, json: { ...row.request.json, captured_at: row.captured_at } };
      row.seq = await store.add(PENDING, row);
      onChange();
      return row;
    }

    /** An applied remark or signature made the shipment's next note version: the later actions on it signed after seeing it made. */
    async function countOwnVersion(applied) {
      for (const later of await pending()) {
        if (later.shipment_id === applied.shipment_id) await store.put(PENDING, { ...later, own_versions: (later.own_versions ?? 0) + 1 });
      }
    }

    /**
     * Sends the pending actions in the order made, one at a time. Stops at the first that cannot
     * be sent now (no signal, the server busy, the session ended) and leaves it and the rest in
     * place; a refused one is moved to the refused list and the next is tried. One drain at a time
     * in this context; `lock` (the Web Locks API) keeps the page and the worker from sending side by side.
     */
    function drain() {
      const run = async () => {
        const result = { applied: 0, refused: 0, stopped: null };
        // The first pending action each time round: one made while draining is sent in this drain too.
        for (let [action] = await pending(); action; [action] = await pending()) {
          const answer = await send(action);
          const next = outcome(answer.status, answer.body?.code);
          if (next === 'applied') {
            await store.delete(PENDING, action.seq);
            if (action.creates_version) await countOwnVersion(action);
            result.applied++;
          } else if (next === 'refused') {
            const problem = answer.body ?? {};
            await store.put(REFUSED, {
              ...action,
              status: answer.status,
              code: problem.code ?? null,
              detail: problem.detail ?? null,
              errors: problem.errors ?? [],
              refused_at: now().toISOString(),
            });
            await store.delete(PENDING, action.seq);
            result.refused++;
          } else {
            await store.put(PENDING, { ...action, attempts: (action.attempts ?? 0) + 1, last_status: answer.status });
            result.stopped = next;
          }
          onChange();
          if (result.stopped) break;
        }
        return result;
      };
      draining ??= (lock ? lock(run) : run()).finally(() => {
        draining = null;
      });
      return draining;
    }

    /** The driver has read a refusal: only now does it leave the phone. */
    async function acknowledge(key) {
      await store.delete(REFUSED, key);
      onChange();
    }

    return { enqueue, drain, pending, refused, acknowledge };
  }

  /** The queue as the page and the service worker use it: IndexedDB, fetch, a lock and a broadcast to open pages. */
  function browserQueue(onChange = () => {}) {
    const channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL) : null;
    if (channel) channel.onmessage = () => onChange();
    const lock = typeof navigator !== 'undefined' && navigator.locks ? (work) => navigator.locks.request(CHANNEL, work) : undefined;
    return createQueue({
      store: typeof indexedDB === 'undefined' ? memoryStore() : indexedDbStore(),
      send: (action) => sendAction(action, (url, init) => fetch(url, init)),
      onChange: () => {
        channel?.postMessage('changed');
        onChange();
      },
      lock,
    });
  }

  self.driverQueue = { outcome, memoryStore, sendRequest, sendAction, noteToSign, createQueue, browserQueue, SYNC_TAG: CHANNEL };
})();
