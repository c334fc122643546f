import { describe, expect, it } from 'vitest';
import { checkProviderSignature, providerSignature } from './provider-signature.js';
import type { ProviderWebhookScheme } from './provider-catalogue.js';

const scheme: ProviderWebhookScheme = { signature_header: 'x-sig', timestamp_header: 'x-ts', algorithm: 'hmac-sha256', signed_payload: 'timestamp.body', encoding: 'hex', tolerance_s: 300 };
const secret = 'a-secret-of-sixteen+';
const body = Buffer.from('{"event_id":"e1"}');
const now = new Date('2026-11-28T10:00:00Z');
const ts = String(now.getTime() / 1000);

describe('checkProviderSignature', () => {
  it('takes a body signed with the secret at the time', () => {
    expect(checkProviderSignature(scheme, secret, { 'x-ts': ts, 'x-sig': providerSignature(scheme, secret, ts, body) }, body, now)).toBeUndefined();
  });
  it('refuses another secret, another body, a missing header and an old timestamp', () => {
    expect(checkProviderSignature(scheme, secret, { 'x-ts': ts, 'x-sig': providerSignature(scheme, 'another-secret-123', ts, body) }, body, now)?.reason).toBe('signature_mismatch');
    expect(checkProviderSignature(scheme, secret, { 'x-ts': ts, 'x-sig': providerSignature(scheme, secret, ts, body) }, Buffer.from('{}'), now)?.reason).toBe('signature_mismatch');
    expect(checkProviderSignature(scheme, secret, { 'x-sig': 'abc' }, body, now)).toMatchObject({ code: 'bad_request', reason: 'timestamp_missing' });
    expect(checkProviderSignature(scheme, secret, { 'x-ts': ts }, body, now)).toMatchObject({ code: 'unauthorized', reason: 'signature_missing' });
    const old = String(Number(ts) - 301);
    expect(checkProviderSignature(scheme, secret, { 'x-ts': old, 'x-sig': providerSignature(scheme, secret, old, body) }, body, now)?.reason).toBe('stale_timestamp');
  });
});
