/**
 * The render pool itself (src/adapters/pdf-renderer/worker-pool.ts): a thread seals with the key it
 * was given once, byte for byte as the same job sealed on the main thread; and jobs that wait for a
 * thread start in the order they came, so under load no request waits far longer than the others;
 * and the threads run at a lower priority than the event loop (RENDER_NICE); one organisation's
 * jobs never take every thread nor keep another's waiting behind all of theirs; a job dropped
 * while it waits never runs; a thread past its heap limit fails only its own job. A thread hands
 * its PDF over with the SHA-256 of exactly those bytes.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { BroadcastChannel } from 'node:worker_threads';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transferableSymbol, valueSymbol } from 'piscina';
import { handedOver } from '../../src/adapters/pdf-renderer/render-task.js';
import { WorkerRenderPool } from '../../src/adapters/pdf-renderer/worker-pool.js';
import { sealingKeyFromPem, generateSelfSignedSealingKey } from '../../src/core/key-material/sealing-key.js';
import { sealedConsignmentNote } from '../../src/modules/documents/rendering/sealed-consignment-note.js';
import { RenderAborted, type RenderedPdf, type RenderJob } from '../../src/ports/pdf-renderer.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { TEST_RENDER_CHANNEL, TEST_RENDER_LOG_CHANNEL, TEST_RENDER_WORKER_URL } from '../support/test-render-channel.js';

const AT = new Date('2026-11-24T09:30:00Z');
const ORG_A = { organizationId: 'org_a' };
const ORG_B = { organizationId: 'org_b' };

/** The nice value of each thread of this process, by Linux thread id (/proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

function job(n: number, reference?: string): Extract<RenderJob, { kind: 'consignment_note' }> {
  return {
    kind: 'consignment_note',
    input: {
      shipment: { ...fullShipment(), ...(reference ? { reference } : {}), id: 'shp_01JDB8X4V5N2K7Q9R3T6W8Y0ZA', status: 'issued', transport_type: 'international' },
      document_id: `doc_01JDB8X4V5N2K7Q9R3T6W8Y0${String(n).padStart(2, '0')}`,
      version: 1,
      inspection_url: 'https://fds.example/inspect/Qm9yZGVyLWNoZWNrLXRva2VuLTE5Mg',
      language: 'en',
      established: { place: 'Rotterdam', at: AT },
      rendered_at: AT,
    },
    seal: { at: AT, reason: `Consignment note, job ${n}`, location: 'EU' },
  };
}

describe('the worker render pool', () => {
  let pem: { privateKeyPem: string; certificatePem: string };
  let pool: WorkerRenderPool;
  beforeAll(async () => {
    const made = await generateSelfSignedSealingKey('Render pool test seal', AT);
    pem = { privateKeyPem: made.privateKeyPem, certificatePem: made.certificatePem };
    pool = new WorkerRenderPool({ threads: 1, queue: 20, timeoutMs: 30_000, nice: 7, sealingKey: pem });
  });
  afterAll(() => pool.close());

  it('seals in a thread exactly as on the main thread, with the key given once', async () => {
    const inThread = await pool.render(job(1), ORG_A);
    const onMain = await sealedConsignmentNote(job(1).input, await sealingKeyFromPem(pem.privateKeyPem, pem.certificatePem), job(1).seal);
    expect(Buffer.from(inThread.bytes).equals(Buffer.from(onMain))).toBe(true);
  });

  it('hands over the bytes with their SHA-256, hashed in the thread, the buffer holding the PDF alone', async () => {
    const { bytes, sha256 } = await pool.render(job(2), ORG_A);
    expect(sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
    expect(Buffer.from(bytes).subarray(0, 5).toString()).toBe('%PDF-');
    // Moved, not a view into a larger copy: the document row's size is the buffer's.
    expect([bytes.byteOffset, bytes.buffer.byteLength]).toEqual([0, bytes.byteLength]);
  });

  it('hashes a view into a larger buffer over the view alone, and moves a copy of the view only', () => {
    const pdf = Buffer.from('%PDF-1.7 the sealed note');
    const larger = new Uint8Array(64);
    larger.set(pdf, 16);
    const view = larger.subarray(16, 16 + pdf.length);
    const rendered = handedOver(view) as unknown as Record<symbol, unknown>;
    const { bytes, sha256 } = rendered[valueSymbol] as RenderedPdf;
    expect(sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(Buffer.from(bytes).equals(pdf)).toBe(true);
    expect(rendered[transferableSymbol]).toBe(bytes.buffer);
    expect(rendered[transferableSymbol]).not.toBe(larger.buffer);
  });

  it('starts waiting jobs in the order they came', async () => {
    const finished: number[] = [];
    await Promise.all(Array.from({ length: 8 }, (_, n) => pool.render(job(n), ORG_A).then(() => finished.push(n))));
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it.runIf(process.platform === 'linux')('renders at a lower priority than the event loop', async () => {
    await pool.render(job(9), ORG_A);
    // The process's other threads keep its priority; the one render thread alone runs 7 lower.
    const base = getPriority();
    const values = threadNiceValues();
    expect(values.filter((nice) => nice !== base)).toEqual([Math.min(19, base + 7)]);
  });
});

/** Threads of test/support/test-render-worker.ts: `slow`, `hog` and counted jobs by reference. */
describe('the worker render pool shared between organisations', () => {
  let pem: { privateKeyPem: string; certificatePem: string };
  let log: BroadcastChannel;
  let slow: BroadcastChannel;
  let started: string[] = [];
  const pools: WorkerRenderPool[] = [];
  beforeAll(async () => {
    const made = await generateSelfSignedSealingKey('Render pool test seal', AT);
    pem = { privateKeyPem: made.privateKeyPem, certificatePem: made.certificatePem };
    log = new BroadcastChannel(TEST_RENDER_LOG_CHANNEL);
    log.addEventListener('message', (event) => {
      const { reference } = (event as MessageEvent<{ reference: string }>).data;
      if (!reference.startsWith('warm-')) started.push(reference);
    });
    slow = new BroadcastChannel(TEST_RENDER_CHANNEL);
  });
  afterAll(async () => {
    log.close();
    slow.close();
    await Promise.all(pools.map((p) => p.close()));
  });
  const testPool = (threads: number, more: { memoryMb?: number; recycleAfterJobs?: number } = {}) => {
    const made = new WorkerRenderPool({ threads, queue: 50, timeoutMs: 30_000, sealingKey: pem, workerUrl: TEST_RENDER_WORKER_URL, ...more });
    pools.push(made);
    return made;
  };
  /** Resolves when a thread starts a `slow` job. */
  const slowStarted = () => new Promise<void>((resolve) => slow.addEventListener('message', () => resolve(), { once: true }));
  /** Starts every thread first (warm jobs are not logged): thread start-up must not order the jobs. */
  const warm = async (pool: WorkerRenderPool, threads: number) => {
    await Promise.all(Array.from({ length: threads }, (_, n) => pool.render(job(n, `warm-${n}`), { organizationId: `org_warm_${n}` })));
    started = [];
  };

  it('one organisation flooding the only thread delays another organisation by one render, not by the flood', async () => {
    const pool = testPool(1);
    await warm(pool, 1);
    const running = slowStarted();
    const flood = [pool.render(job(1, 'slow'), ORG_A)];
    await running;
    for (let n = 1; n <= 4; n++) flood.push(pool.render(job(1 + n, `a${n}`), ORG_A));
    const other = pool.render(job(9, 'b1'), ORG_B);
    await Promise.all([...flood, other]);
    expect(started).toEqual(['slow', 'b1', 'a1', 'a2', 'a3', 'a4']);
  });

  it('one organisation never has every thread: with two, its second job waits and another organisation takes the free one', async () => {
    const pool = testPool(2);
    await warm(pool, 2);
    const running = slowStarted();
    const first = pool.render(job(1, 'slow'), ORG_A);
    await running;
    const second = pool.render(job(2, 'a1'), ORG_A);
    const other = pool.render(job(3, 'b1'), ORG_B);
    await other;
    expect(started).toEqual(['slow', 'b1']);
    expect(pool.pending).toBe(2);
    await Promise.all([first, second]);
    expect(started).toEqual(['slow', 'b1', 'a1']);
  });

  it('a job whose signal aborts while it waits is dropped and never rendered; the queue goes on', async () => {
    const pool = testPool(1);
    await warm(pool, 1);
    const running = slowStarted();
    const first = pool.render(job(1, 'slow'), ORG_A);
    await running;
    const gone = new AbortController();
    const dropped = pool.render(job(2, 'dropped'), { organizationId: 'org_b', signal: gone.signal });
    const kept = pool.render(job(3, 'kept'), ORG_B);
    expect(pool.pending).toBe(3);
    gone.abort();
    await expect(dropped).rejects.toBeInstanceOf(RenderAborted);
    expect(pool.pending).toBe(2);
    await Promise.all([first, kept]);
    expect(started).toEqual(['slow', 'kept']);
    // Already aborted: refused before it is queued.
    await expect(pool.render(job(4, 'late'), { organizationId: 'org_b', signal: AbortSignal.abort() })).rejects.toBeInstanceOf(RenderAborted);
    expect(started).not.toContain('late');
  });

  it('a thread past its heap limit fails its own job only, is replaced, and the next job renders', async () => {
    const pool = testPool(1, { memoryMb: 128 });
    await warm(pool, 1);
    const [hogging] = pool.threads;
    await expect(pool.render(job(1, 'hog'), ORG_A)).rejects.toThrow(/memory/i);
    const next = await pool.render(job(2, 'after the hog'), ORG_A);
    expect(Buffer.from(next.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.threads[0]).not.toBe(hogging);
  });

  it('replaces its threads after their share of jobs without failing one, and keeps no retired thread', async () => {
    const pool = testPool(1, { recycleAfterJobs: 2 });
    await warm(pool, 1);
    const [first] = pool.threads;
    // The warm job and the first of these fill the first generation; the rest run on the next ones.
    const pdfs = await Promise.all(Array.from({ length: 4 }, (_, n) => pool.render(job(n, `r${n}`), ORG_A)));
    for (const pdf of pdfs) expect(Buffer.from(pdf.bytes).subarray(0, 5).toString()).toBe('%PDF-');
    expect(pool.recycled).toBe(2);
    await expect.poll(() => pool.threads.length).toBe(1);
    expect(pool.threads[0]).not.toBe(first);
  }, 120_000);
});
