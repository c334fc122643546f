/**
 * Serials of the self-signed seal and grantee certificates: DER wants a positive INTEGER in its
 * fewest bytes, and OpenSSL (so `X509Certificate`, pdfsig and every verifier built on it) refuses a
 * certificate whose serial starts with a needless 0x00 ("illegal padding"). Every random first byte
 * must give a serial that encodes in exactly its 16 bytes, positive.
 */
import * as asn1js from 'asn1js';
import { describe, expect, it } from 'vitest';
import { certificateSerial } from '../../src/core/key-material/sealing-key.js';

describe('certificate serials', () => {
  it('encode as a minimal positive DER INTEGER whatever the random bytes', () => {
    for (let first = 0; first < 256; first++) {
      for (const second of [0x00, 0x7f, 0x80, 0xff]) {
        const random = new Uint8Array(16).fill(0xab);
        random[0] = first;
        random[1] = second;
        const serial = certificateSerial(random);
        const der = new Uint8Array(new asn1js.Integer({ valueHex: serial }).toBER(false));
        expect([...der.subarray(0, 2)], `first byte ${first}, second ${second}`).toEqual([0x02, 16]);
        expect(der[2]).toBeGreaterThan(0);
        expect(der[2]).toBeLessThan(0x80);
        expect([...der.subarray(3)]).toEqual([...random.subarray(1)]);
      }
    }
  });

  it('keeps the randomness of the remaining bytes and leaves the caller’s bytes alone', () => {
    const random = new Uint8Array(16).map((_, i) => i);
    const serial = certificateSerial(random);
    expect(random[0]).toBe(0);
    expect(serial[0]).toBe(1);
    expect([...serial.subarray(1)]).toEqual([...random.subarray(1)]);
  });
});
