/**
 * The receiver modules in receivers/ verify what the service signs, by the spec's rule alone:
 * raw bytes, any one of several v1, 300 s tolerance both ways; re-serialised JSON fails.
 */
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signatureHeader } from '../../src/modules/webhooks/webhook-signature.js';
// @ts-expect-error: a plain JavaScript file for receivers to copy, without type declarations.
import { verifyWebhook } from '../../receivers/verify-webhook.mjs';

const verify = verifyWebhook as (body: Buffer | string, header: unknown, secrets: string[], options?: { toleranceSeconds?: number; now?: number }) => boolean;
const body = Buffer.from('{"id":"evt_01JD0000000000000000000000","type":"shipment.issued","created_at":"2026-11-23T10:00:00.000Z","mode":"test","data":{"shipment_id":"shp_x","status":"issued","seq":2,"note":"ß 🚚"}}');
const secret = 'whsec_current';
const old = 'whsec_previous';
const t = 1_795_000_000;
const now = t * 1000;

describe('receivers/verify-webhook.mjs', () => {
  it('accepts the raw body with the current secret, the old one during rotation, or both signatures', () => {
    const header = signatureHeader([secret, old], t, body);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64},v1=[0-9a-f]{64}$/);
    expect(verify(body, header, [secret], { now })).toBe(true);
    expect(verify(body, header, [old], { now })).toBe(true);
    expect(verify(body.toString('utf8'), header, ['whsec_other', secret], { now })).toBe(true);
  });

  it('refuses re-serialised JSON, another secret, a malformed header and a stale or future timestamp', () => {
    const header = signatureHeader([secret], t, body);
    expect(verify(JSON.stringify(JSON.parse(body.toString()), null, 1), header, [secret], { now })).toBe(false);
    expect(verify(body, header, ['whsec_other'], { now })).toBe(false);
    expect(verify(body, header.replace('v1=', 'v1= '), [secret], { now })).toBe(false);
    expect(verify(body, undefined, [secret], { now })).toBe(false);
    expect(verify(body, header, [secret], { now: now + 301_000 })).toBe(false);
    expect(verify(body, header, [secret], { now: now - 301_000 })).toBe(false);
    expect(verify(body, header, [secret], { now: now + 299_000 })).toBe(true);
  });

  it('the Python receiver agrees', () => {
    const header = signatureHeader([secret, old], t, body);
    const script = [
      'import sys',
      `sys.path.insert(0, ${JSON.stringify(join(import.meta.dirname, '..', '..', 'receivers'))})`,
      'from verify_webhook import verify_webhook',
      `body = bytes.fromhex(${JSON.stringify(body.toString('hex'))})`,
      `print(verify_webhook(body, ${JSON.stringify(header)}, [${JSON.stringify(old)}], now=${t}), verify_webhook(body + b" ", ${JSON.stringify(header)}, [${JSON.stringify(secret)}], now=${t}), verify_webhook(body, ${JSON.stringify(header)}, [${JSON.stringify(secret)}], now=${t + 301}))`,
    ].join('\n');
    expect(execFileSync('python3', ['-c', script], { encoding: 'utf8' }).trim()).toBe('True False False');
  });
});
