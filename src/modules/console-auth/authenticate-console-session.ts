/**
 * The console session of a cookie secret, or undefined when there is none: unknown, revoked, past
 * its absolute expiry, or idle longer than allowed. `last_seen_at` moves forward at most once a
 * minute (LAST_SEEN_RESOLUTION_MS), so idle expiry is exact to the minute without a write per request.
 */
import type { Services } from '../../core/context.js';
import type { MemberRole } from './console-auth.tables.js';
import { LAST_SEEN_RESOLUTION_MS, secretHash, type SessionLifetimes } from './console-auth-policy.js';
import { findSession, touchSession } from './console-auth.repository.js';

export interface ConsoleSession {
  sessionId: string;
  userId: string;
  email: string;
  organizationId: string;
  role: MemberRole;
  /** When the session ends: the earlier of its absolute expiry and idle expiry from now. */
  expiresAt: Date;
  absoluteExpiresAt: Date;
  /** The member's own choices (console-preferences.ts): null when not chosen. */
  preferences: { language: string | null; timeZone: string | null };
}

export function idleExpiry(lastSeen: Date, absolute: Date, lifetimes: SessionLifetimes): Date {
  return new Date(Math.min(absolute.getTime(), lastSeen.getTime() + lifetimes.idleMs));
}

export async function authenticateConsoleSession(services: Pick<Services, 'db' | 'clock'>, lifetimes: SessionLifetimes, secret: string): Promise<ConsoleSession | undefined> {
  const row = await findSession(services.db, secretHash(secret));
  if (!row) return undefined;
  const now = services.clock.now();
  if (now >= idleExpiry(row.last_seen_at, row.expires_at, lifetimes)) return undefined;
  if (now.getTime() - row.last_seen_at.getTime() >= LAST_SEEN_RESOLUTION_MS) await touchSession(services.db, row.id, now);
  return {
    sessionId: row.id,
    userId: row.user_id,
    email: row.email,
    organizationId: row.organization_id,
    role: row.role,
    expiresAt: idleExpiry(now, row.expires_at, lifetimes),
    absoluteExpiresAt: row.expires_at,
    preferences: { language: row.console_language, timeZone: row.time_zone },
  };
}
