/**
 * The fixed rules of the console's second factor (docs/console-auth.md, "Second factor"): TOTP per
 * RFC 6238 with the parameters every authenticator app defaults to (SHA-1, 30-second steps, six
 * digits), a code accepted one step either side of now for clock drift, ten recovery codes of 80
 * random bits, and the attempt budget per user. Codes are compared here; which step was last used
 * is the repository's (one conditional UPDATE, so two requests cannot both spend a code).
 */
import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import { AppError } from '../../../core/errors.js';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
/** Steps accepted either side of the current one: a phone a little fast or slow still signs in. */
export const TOTP_WINDOW = 1;
export const RECOVERY_CODE_COUNT = 10;
/** Code attempts (confirm, verify, reset) per user per window, wrong or right. */
export const TWO_FACTOR_ATTEMPTS = 5;
export const TWO_FACTOR_WINDOW_S = 15 * 60;
/** What authenticator apps show above the code. */
export const TOTP_ISSUER = 'Freight document service';

/** A new TOTP secret: 160 bits (RFC 4226's recommended length for SHA-1), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

function totp(secret: string, label: string): TOTP {
  return new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_S, secret: Secret.fromBase32(secret) });
}

/** The `otpauth://totp/…` URI an authenticator app reads from the QR code. */
export function otpauthUri(secret: string, label: string): string {
  return totp(secret, label).toString();
}

/** The time step of a moment: whole periods since the Unix epoch. */
export function timeStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);
}

/** The code of `secret` at `at` (tests and the sandbox compute codes with it). */
export function totpCode(secret: string, at: Date): string {
  return totp(secret, 'code').generate({ timestamp: at.getTime() });
}

/** The time step `code` belongs to, within the window around `now`; undefined when it matches none. */
export function matchingStep(secret: string, code: string, now: Date): number | undefined {
  const delta = totp(secret, 'code').validate({ token: code, timestamp: now.getTime(), window: TOTP_WINDOW });
  return delta === null ? undefined : timeStep(now) + delta;
}

/** Six digits (spaces allowed, as apps show `123 456`): a TOTP code; anything else is read as a recovery code. */
export function asTotpCode(input: string): string | undefined {
  const digits = input.replace(/\s/g, '');
  return /^\d{6}$/.test(digits) ? digits : undefined;
}

/** Ten new recovery codes, `xxxx-xxxx-xxxx-xxxx` in lower-case base32 (80 random bits each). */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const text = new Secret({ buffer: new Uint8Array(randomBytes(10)).buffer }).base32.toLowerCase();
    return text.match(/.{4}/g)!.join('-');
  });
}

/** The hash a recovery code is kept under: case, blanks and dashes do not matter, as people type them. */
export function recoveryCodeHash(input: string): string {
  return createHash('sha256').update(input.toLowerCase().replace(/[^a-z2-7]/g, '')).digest('hex');
}

/**
 * The one answer to a code that does not pass, whatever the reason (wrong, outside the window,
 * replayed, a used or unknown recovery code): service description, Authentication 11.
 */
export function invalidCode(): AppError {
  return new AppError('two_factor_invalid', 'This code is not valid. Enter the current six-digit code of your authenticator app, or one of your unused recovery codes.');
}
