/**
 * verify.mjs re-implements the service's canonical JSON and hash chain without importing them (it
 * runs alone, offline): these properties hold it to src/core/canonical-json.ts and
 * src/modules/events/hash-chain.ts exactly.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson as serviceCanonicalJson } from '../../../core/canonical-json.js';
import { chainHash as serviceChainHash, dataSha256 } from '../../events/hash-chain.js';
import { canonicalJson, chainHash } from './verify.mjs';

describe('verify.mjs against the service', () => {
  it('writes canonical JSON exactly as the service does', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => canonicalJson(value) === serviceCanonicalJson(value)));
    expect(canonicalJson({ b: 1, a: { d: [1, 'x', null], c: undefined } })).toBe(serviceCanonicalJson({ b: 1, a: { d: [1, 'x', null], c: undefined } }));
  });

  it('chains hashes exactly as the service does, created_at given as the export writes it', () => {
    const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
    fc.assert(
      fc.property(hex, fc.integer({ min: 1, max: 10_000 }), fc.string(), fc.date({ min: new Date(0), max: new Date(4e12), noInvalidDate: true }), fc.jsonValue(), (previous, seq, type, createdAt, data) => {
        const digest = dataSha256(data);
        return chainHash(previous, seq, type, JSON.parse(JSON.stringify(createdAt)) as string, digest) === serviceChainHash(previous, seq, type, createdAt, digest);
      }),
    );
  });
});
