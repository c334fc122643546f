/**
 * The fixed rules of console sign-in (docs/console-auth.md): how long a magic link lives, the
 * cookie's name, how often a session's `last_seen_at` is written, and how secrets are made and
 * kept. Secrets are 32 random bytes (base64url); only their SHA-256 reaches the database, so a
 * copy of it signs no one in.
 */
import { createHash, randomBytes } from 'node:crypto';

export const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;
export const SESSION_COOKIE = 'fds_session';
/** `last_seen_at` is written at most this often, so a busy console does not write on every request. */
export const LAST_SEEN_RESOLUTION_MS = 60 * 1000;
/** The path of the link in the e-mail, under PUBLIC_BASE_URL. */
export const MAGIC_LINK_PATH = '/console/magic';

export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** One address, one user: case and surrounding blanks do not make another. */
export function normalizedEmail(email: string): string {
  return email.trim().toLowerCase();
}

export interface SessionLifetimes {
  idleMs: number;
  maxMs: number;
}

export function sessionLifetimes(config: { idleHours: number; maxDays: number }): SessionLifetimes {
  return { idleMs: config.idleHours * 3600_000, maxMs: config.maxDays * 86400_000 };
}
