// Verifies a webhook delivery of the freight document service. Copy this file into your receiver;
// it needs Node.js 18+ and nothing else.
//
//   import { verifyWebhook } from './verify-webhook.mjs';
//   const ok = verifyWebhook(rawBody, req.headers['service-signature'], [process.env.WEBHOOK_SECRET]);
//
// - rawBody: the request body exactly as received (Buffer or string). Re-serialised JSON does not verify.
// - header: the `service-signature` header, `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`.
// - secrets: one or more `whsec_…` secrets you accept (during a rotation, the old and the new one).
// - toleranceSeconds: the timestamp may differ from your clock by at most this much, either way.
// Answer 400 when it returns false; deduplicate deliveries on the `service-event-id` header.
import { Buffer } from 'node:buffer';
import { createHmac, timingSafeEqual } from 'node:crypto';

export function verifyWebhook(rawBody, header, secrets, { toleranceSeconds = 300, now = Date.now() } = {}) {
  if (typeof header !== 'string' || !Array.isArray(secrets) || secrets.length === 0) return false;
  let timestamp;
  const signatures = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    const key = part.slice(0, eq);
    const value = part.slice(eq + 1);
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/.test(value)) signatures.push(Buffer.from(value, 'hex'));
  }
  if (timestamp === undefined || signatures.length === 0) return false;
  if (Math.abs(now / 1000 - timestamp) > toleranceSeconds) return false;
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  for (const secret of secrets) {
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.`).update(body).digest();
    if (signatures.some((candidate) => timingSafeEqual(candidate, expected))) return true;
  }
  return false;
}
