import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chainHash, dataSha256, EMPTY_CHAIN, GENESIS_HASH, verifyChain, type ChainedEvent } from './hash-chain.js';

function build(n: number): { events: ChainedEvent[]; head: { seq: number; hash: string } } {
  const events: ChainedEvent[] = [];
  let previous = GENESIS_HASH;
  for (let seq = 1; seq <= n; seq++) {
    const data = { shipment_id: 'shp_x', status: 'draft', seq, note: `n${seq}` };
    const created_at = new Date(Date.UTC(2026, 10, 23, 10, 0, seq));
    const data_sha256 = dataSha256(data);
    const hash = chainHash(previous, seq, 'shipment.updated', created_at, data_sha256);
    events.push({ seq, type: 'shipment.updated', created_at, data, data_sha256, hash, erased_at: null });
    previous = hash;
  }
  return { events, head: { seq: n, hash: previous } };
}

describe('event hash chain', () => {
  it('hashes exactly the documented string', () => {
    const at = new Date('2026-11-23T10:00:00.000Z');
    const digest = dataSha256({ b: 1, a: 'x' });
    expect(digest).toBe(dataSha256({ a: 'x', b: 1 }));
    // sha256("0…0\n1\nshipment.created\n2026-11-23T10:00:00.000Z\n<digest>") computed independently:
    const expected = createHash('sha256').update(`${GENESIS_HASH}\n1\nshipment.created\n2026-11-23T10:00:00.000Z\n${digest}`).digest('hex');
    expect(chainHash(GENESIS_HASH, 1, 'shipment.created', at, digest)).toBe(expected);
  });

  it('verifies an intact chain and an empty one', () => {
    const { events, head } = build(4);
    expect(verifyChain(events, head)).toEqual({ valid: true, events_checked: 4, head_hash: head.hash, first_bad_seq: null });
    expect(verifyChain([], EMPTY_CHAIN).valid).toBe(true);
  });

  it('catches edited data, an edited digest, an edited type or time, and reordering', () => {
    const { events, head } = build(4);
    const edits: [string, (e: ChainedEvent[]) => void, number][] = [
      ['data', (e) => (e[2]!.data = { ...e[2]!.data, note: 'changed' }), 3],
      ['data and digest', (e) => { e[1]!.data = { tampered: true }; e[1]!.data_sha256 = dataSha256(e[1]!.data); }, 2],
      ['type', (e) => (e[3]!.type = 'shipment.cancelled'), 4],
      ['time', (e) => (e[0]!.created_at = new Date(0)), 1],
      ['order', (e) => e.reverse(), 1],
    ];
    for (const [, edit, bad] of edits) {
      const copy = events.map((e) => ({ ...e }));
      edit(copy);
      expect(verifyChain(copy, head)).toMatchObject({ valid: false, first_bad_seq: bad });
    }
  });

  it('catches a deleted tail and a deleted middle event through the head', () => {
    const { events, head } = build(5);
    expect(verifyChain(events.slice(0, 3), head)).toMatchObject({ valid: false, events_checked: 3, first_bad_seq: 4 });
    expect(verifyChain([...events.slice(0, 2), ...events.slice(3)], head)).toMatchObject({ valid: false, first_bad_seq: 3 });
  });

  it('trusts the stored digest of an erased event only', () => {
    const { events, head } = build(3);
    const erased = events.map((e) => ({ ...e }));
    erased[1] = { ...erased[1]!, data: { shipment_id: 'shp_x', erased: true }, erased_at: new Date() };
    expect(verifyChain(erased, head).valid).toBe(true);
    erased[1] = { ...erased[1]!, erased_at: null };
    expect(verifyChain(erased, head)).toMatchObject({ valid: false, first_bad_seq: 2 });
  });
});
