/**
 * The inspection link behind the QR code on the note: PUBLIC_BASE_URL + `/inspect/` + a token made
 * once per shipment (at issue) and stored, so every version of the note carries the same link and
 * the same state renders the same bytes. 192 random bits: the link is the only key to the page.
 */
import { randomBytes } from 'node:crypto';

export function newInspectionToken(): string {
  return randomBytes(24).toString('base64url');
}

export function inspectionUrl(publicBaseUrl: string, token: string): string {
  return `${publicBaseUrl}/inspect/${token}`;
}
