/**
 * Checks an inbound webhook against its provider's declared scheme (catalogue `webhook`):
 * HMAC-SHA256 with the deployment's secret over `<timestamp>.<raw body>`, the timestamp (Unix
 * seconds) within `tolerance_s` of our clock either way. The comparison is constant-time.
 * Returns the refusal, or undefined when the webhook is the provider's.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { ProviderWebhookScheme } from './provider-catalogue.js';

export type SignatureRefusal = { code: 'bad_request' | 'unauthorized'; reason: 'timestamp_missing' | 'signature_missing' | 'stale_timestamp' | 'signature_mismatch'; detail: string };

export function providerSignature(scheme: ProviderWebhookScheme, secret: string, timestamp: string, body: Buffer): string {
  return createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest(scheme.encoding);
}

export function checkProviderSignature(scheme: ProviderWebhookScheme, secret: string, headers: Record<string, string | string[] | undefined>, body: Buffer, now: Date): SignatureRefusal | undefined {
  const timestamp = headers[scheme.timestamp_header];
  const signature = headers[scheme.signature_header];
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) {
    return { code: 'bad_request', reason: 'timestamp_missing', detail: `Send the signing time as Unix seconds in ${scheme.timestamp_header}.` };
  }
  if (typeof signature !== 'string' || signature === '') return { code: 'unauthorized', reason: 'signature_missing', detail: `Send the signature in ${scheme.signature_header}.` };
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > scheme.tolerance_s) {
    return { code: 'unauthorized', reason: 'stale_timestamp', detail: `The timestamp is more than ${scheme.tolerance_s} s from our clock: sign each delivery when sending it.` };
  }
  const expected = Buffer.from(providerSignature(scheme, secret, timestamp, body));
  const given = Buffer.from(signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { code: 'unauthorized', reason: 'signature_mismatch', detail: 'The signature does not match the body and timestamp.' };
  return undefined;
}
