/**
 * The `service-signature` header of a delivery (service description, Delivery headers):
 *
 *   t=<unix seconds>,v1=<64 lowercase hex>[,v1=<…>]
 *
 * v1 = hex(HMAC-SHA256(key = the whole endpoint secret, `whsec_` prefix included, as UTF-8 bytes,
 * message = `<t>.` followed by the raw body bytes)). One `v1` per secret in force: the current one
 * and, during a rotation's grace period, the previous one. No spaces; the header is sent once.
 */
import { createHmac } from 'node:crypto';

export function signatureValue(secret: string, timestamp: number, body: Buffer | string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${timestamp}.`).update(body).digest('hex');
}

export function signatureHeader(secrets: readonly string[], timestamp: number, body: Buffer | string): string {
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${signatureValue(secret, timestamp, body)}`)].join(',');
}
