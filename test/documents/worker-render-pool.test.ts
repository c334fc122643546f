/**
 * The render pool itself (src/adapters/pdf-renderer/worker-pool.ts): a thread seals with the key it
 * was given once, byte for byte as the same job sealed on the main thread; and jobs that wait for a
 * thread start in the order they came, so under load no request waits far longer than the others;
 * and the threads run at a lower priority than the event loop (RENDER_NICE).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { getPriority } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WorkerRenderPool } from '../../src/adapters/pdf-renderer/worker-pool.js';
import { sealingKeyFromPem, generateSelfSignedSealingKey } from '../../src/core/key-material/sealing-key.js';
import { sealedConsignmentNote } from '../../src/modules/documents/rendering/sealed-consignment-note.js';
import type { RenderJob } from '../../src/ports/pdf-renderer.js';
import { fullShipment } from '../support/shipment-fixtures.js';

const AT = new Date('2026-11-24T09:30:00Z');

/** The nice value of each thread of this process, by Linux thread id (/proc/self/task/<tid>/stat, field 19). */
function threadNiceValues(): number[] {
  return readdirSync('/proc/self/task').map((tid) => {
    const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

function job(n: number): Extract<RenderJob, { kind: 'consignment_note' }> {
  return {
    kind: 'consignment_note',
    input: {
      shipment: { ...fullShipment(), id: 'shp_01JDB8X4V5N2K7Q9R3T6W8Y0ZA', status: 'issued', transport_type: 'international' },
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
    const inThread = await pool.render(job(1));
    const onMain = await sealedConsignmentNote(job(1).input, await sealingKeyFromPem(pem.privateKeyPem, pem.certificatePem), job(1).seal);
    expect(Buffer.from(inThread).equals(Buffer.from(onMain))).toBe(true);
  });

  it('starts waiting jobs in the order they came', async () => {
    const finished: number[] = [];
    await Promise.all(Array.from({ length: 8 }, (_, n) => pool.render(job(n)).then(() => finished.push(n))));
    expect(finished).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
  });

  it.runIf(process.platform === 'linux')('renders at a lower priority than the event loop', async () => {
    await pool.render(job(9));
    // The process's other threads keep its priority; the one render thread alone runs 7 lower.
    const base = getPriority();
    const values = threadNiceValues();
    expect(values.filter((nice) => nice !== base)).toEqual([Math.min(19, base + 7)]);
  });
});
