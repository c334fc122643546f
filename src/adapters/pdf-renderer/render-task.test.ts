import { MessageChannel } from 'node:worker_threads';
import { transferableSymbol, valueSymbol } from 'piscina';
import { describe, expect, it } from 'vitest';
import { handedOver } from './render-task.js';

describe('a rendered PDF handed over by a render thread', () => {
  it('moves a small PDF from Node\'s shared buffer pool as a copy of its own, leaving the pool in place', () => {
    const small = Buffer.from('%PDF-1.7 one short page');
    // Small buffers are views into one shared pool.
    expect(small.buffer.byteLength).toBeGreaterThan(small.byteLength);
    const moved = handedOver(small) as unknown as Record<symbol, unknown>;
    const transferable = moved[transferableSymbol] as ArrayBuffer;
    expect(transferable.byteLength).toBe(small.byteLength);
    const { port1, port2 } = new MessageChannel();
    expect(() => port1.postMessage(moved[valueSymbol], [transferable])).not.toThrow();
    port1.close();
    port2.close();
    // The pool was not detached: the buffer still reads.
    expect(small.toString()).toBe('%PDF-1.7 one short page');
    expect((moved[valueSymbol] as { sha256: string }).sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('moves a PDF that owns its whole buffer without copying it', () => {
    const whole = new Uint8Array(new ArrayBuffer(64 * 1024));
    const moved = handedOver(whole) as unknown as Record<symbol, unknown>;
    expect(moved[transferableSymbol]).toBe(whole.buffer);
  });
});
