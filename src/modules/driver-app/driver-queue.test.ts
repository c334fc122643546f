/**
 * The driver app's outbox (assets/driver-queue.js), run in Node on its in-memory store: actions are
 * sent in the order made with the key and capture time fixed when made, an action that cannot be
 * sent now stays with everything after it, a refused one is kept until the driver acknowledges it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../../core/project-root.js';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}
interface Action {
  kind: string;
  key: string;
  seq: number;
  captured_at: string;
  request: { method: string; url: string; json?: unknown };
  code?: string;
}
interface Queue {
  enqueue(action: object): Promise<Action>;
  drain(): Promise<{ applied: number; refused: number; stopped: string | null }>;
  pending(): Promise<Action[]>;
  refused(): Promise<Action[]>;
  acknowledge(key: string): Promise<void>;
}
interface DriverQueue {
  outcome(status: number, code?: string): string;
  noteToSign(action: object, current: object | null): { document_id: string; document_sha256: string };
  memoryStore(): unknown;
  createQueue(options: object): Queue;
}

function loadQueue(): DriverQueue {
  const sandbox: { self: { driverQueue?: DriverQueue }; structuredClone: typeof structuredClone } = { self: {}, structuredClone };
  runInNewContext(readFileSync(join(projectRoot(), 'src/modules/driver-app/assets/driver-queue.js'), 'utf8'), sandbox);
  return sandbox.self.driverQueue!;
}

const { outcome, noteToSign, memoryStore, createQueue } = loadQueue();

function queueAnswering(answers: (action: Action) => Answer) {
  const sent: Action[] = [];
  let keys = 0;
  let clock = Date.parse('2026-12-01T08:00:00Z');
  const queue = createQueue({
    store: memoryStore(),
    send: async (action: Action) => {
      sent.push(action);
      return answers(action);
    },
    now: () => new Date((clock += 60_000)),
    newKey: () => `key-${++keys}`,
  });
  return { queue, sent };
}

const action = (kind: string, url = `/v1/driver/${kind}`) => ({ kind, request: { method: 'POST', url, json: { kind } } });

describe('driver queue', () => {
  it('classifies answers: applied, try again later, sign in again, or refused', () => {
    expect(outcome(201, undefined)).toBe('applied');
    expect(outcome(200, undefined)).toBe('applied');
    expect(outcome(0, 'network')).toBe('retry');
    expect(outcome(503, 'service_unavailable')).toBe('retry');
    expect(outcome(500, 'internal_error')).toBe('retry');
    expect(outcome(429, 'rate_limited')).toBe('retry');
    expect(outcome(409, 'idempotency_in_progress')).toBe('retry');
    expect(outcome(401, 'unauthorized')).toBe('session');
    expect(outcome(409, 'already_signed')).toBe('refused');
    expect(outcome(422, 'validation_failed')).toBe('refused');
    expect(outcome(404, 'not_found')).toBe('refused');
  });

  it('fixes the key and the capture time when the action is made, and sends in that order', async () => {
    const { queue, sent } = queueAnswering(() => ({ status: 201, body: {} }));
    const first = await queue.enqueue(action('sign'));
    const second = await queue.enqueue(action('remark'));
    expect([first.key, second.key]).toEqual(['key-1', 'key-2']);
    expect(first.captured_at < second.captured_at).toBe(true);
    expect(await queue.drain()).toEqual({ applied: 2, refused: 0, stopped: null });
    expect(sent.map((a) => [a.kind, a.key, a.captured_at])).toEqual([
      ['sign', 'key-1', first.captured_at],
      ['remark', 'key-2', second.captured_at],
    ]);
    expect(await queue.pending()).toEqual([]);
  });

  it('keeps an action that could not be sent, and the ones after it, and resends it with the same key', async () => {
    let online = false;
    const { queue, sent } = queueAnswering(() => (online ? { status: 201, body: {} } : { status: 0, body: { code: 'network' } }));
    await queue.enqueue(action('sign'));
    await queue.enqueue(action('done'));
    expect(await queue.drain()).toEqual({ applied: 0, refused: 0, stopped: 'retry' });
    expect((await queue.pending()).map((a) => a.kind)).toEqual(['sign', 'done']);
    online = true;
    expect(await queue.drain()).toEqual({ applied: 2, refused: 0, stopped: null });
    expect(sent.map((a) => `${a.kind}:${a.key}`)).toEqual(['sign:key-1', 'sign:key-1', 'done:key-2']);
  });

  it('stops at an ended session and keeps everything for after the new sign-in', async () => {
    const { queue } = queueAnswering(() => ({ status: 401, body: { code: 'unauthorized' } }));
    await queue.enqueue(action('sign'));
    expect((await queue.drain()).stopped).toBe('session');
    expect(await queue.pending()).toHaveLength(1);
  });

  it('moves a refused action to the refused list with its code, goes on with the next, and forgets it only when acknowledged', async () => {
    const { queue } = queueAnswering((a) => (a.kind === 'handoff' ? { status: 409, body: { code: 'already_signed', detail: 'The consignee signed.' } } : { status: 201, body: {} }));
    await queue.enqueue(action('handoff'));
    await queue.enqueue(action('done'));
    expect(await queue.drain()).toEqual({ applied: 1, refused: 1, stopped: null });
    const [refused] = await queue.refused();
    expect(refused).toMatchObject({ kind: 'handoff', code: 'already_signed', key: 'key-1' });
    expect(await queue.pending()).toEqual([]);
    // Draining again does not lose it or send it again.
    await queue.drain();
    expect(await queue.refused()).toHaveLength(1);
    await queue.acknowledge(refused!.key);
    expect(await queue.refused()).toEqual([]);
  });

  it('runs one drain at a time: a second call joins the first, so nothing is sent twice by one page', async () => {
    const { queue, sent } = queueAnswering(() => ({ status: 201, body: {} }));
    await queue.enqueue(action('sign'));
    const [a, b] = await Promise.all([queue.drain(), queue.drain()]);
    expect(a).toBe(b);
    expect(sent).toHaveLength(1);
  });

  it('counts the note versions this phone made before a signature, and signs the current one only when they explain it', async () => {
    // Sent one by one: after the remark, the signature knows one version on was this phone's.
    const seen: number[] = [];
    const sent = createQueue({
      store: memoryStore(),
      send: async (a: Action & { own_versions?: number }) => {
        seen.push(a.own_versions ?? 0);
        return { status: 201, body: {} };
      },
      newKey: () => `key-${seen.length}-${Math.random()}`,
    });
    await sent.enqueue({ ...action('remark'), shipment_id: 'shp_1', creates_version: true });
    await sent.enqueue({ ...action('other'), shipment_id: 'shp_2' });
    await sent.enqueue({ ...action('consignee_signature'), shipment_id: 'shp_1' });
    await sent.drain();
    expect(seen).toEqual([0, 0, 1]);

    const shown = { note: { document_id: 'doc_v2', sha256: 'b2', version: 2 }, own_versions: 1 };
    expect(noteToSign(shown, { document_id: 'doc_v3', sha256: 'b3', version: 3 })).toEqual({ document_id: 'doc_v3', document_sha256: 'b3' });
    // Someone else's change as well: name what was shown, for the server to refuse (conflict).
    expect(noteToSign(shown, { document_id: 'doc_v4', sha256: 'b4', version: 4 })).toEqual({ document_id: 'doc_v2', document_sha256: 'b2' });
    expect(noteToSign(shown, null)).toEqual({ document_id: 'doc_v2', document_sha256: 'b2' });
  });

  it('puts the capture time in the body of every action', async () => {
    const { queue } = queueAnswering(() => ({ status: 201, body: {} }));
    const made = await queue.enqueue(action('done'));
    expect(made.request.json).toEqual({ kind: 'done', captured_at: made.captured_at });
  });
});
