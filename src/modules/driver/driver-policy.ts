/**
 * The fixed rules of the driver's sign-in and session (docs/driver.md): the cookie's name, the
 * session's lifetime (exactly 12 hours, Limits), the sign-in windows, how far `captured_at` may
 * lie from now, and how phones, codes and tokens are kept (keyed hashes under the service's `urls`
 * secret, so a copy of the database signs no one in and names no phone in the code table).
 */
import { createHmac, randomBytes } from 'node:crypto';

export const DRIVER_COOKIE = 'fds_driver';
export const DRIVER_SESSION_MS = 12 * 60 * 60 * 1000;
/** Sign-in attempts (SMS) per phone and per client address in one window, counted with work or not. */
export const SIGN_IN_WINDOW_S = 10 * 60;
export const SIGN_IN_PER_PHONE = 5;
export const SIGN_IN_PER_ADDRESS = 20;
/** A capture time may be this far ahead of the service's clock (phones drift)… */
export const CAPTURE_SKEW_MS = 5 * 60 * 1000;
/** …and this far behind it: a queue kept offline for longer is stale evidence. */
export const CAPTURE_MAX_AGE_MS = 24 * 60 * 60 * 1000;

export const keyedHash = (secret: string, label: string, value: string): string => createHmac('sha256', secret).update(`${label}\n${value}`).digest('hex');

/** The phone as the code table and the one-time-password lock know it. */
export const phoneHash = (secret: string, phone: string): string => keyedHash(secret, 'driver-phone', phone);

export function newDriverToken(): string {
  return `dt_${randomBytes(32).toString('base64url')}`;
}

export const tokenHash = (secret: string, token: string): string => keyedHash(secret, 'driver-token', token);
