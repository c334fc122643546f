/**
 * The driver session of a token (bearer or cookie): alive while not signed out, younger than its
 * 12 hours, and holding at least one grant no organisation has revoked. Anything else is no
 * session (401 `unauthorized` at the route). A session that works is marked seen, at most once a
 * minute (the console's drivers page). Also signing out.
 */
import type { Services } from '../../core/context.js';
import type { Mode } from '../../core/mode.js';
import { tokenHash } from './driver-policy.js';
import { markSessionSeen, selectActiveGrants, selectSessionByTokenHash } from './driver-sessions.repository.js';

/** How stale `last_seen_at` may get before a request writes it again: one write a minute per phone at most. */
const SEEN_EVERY_MS = 60_000;

export interface DriverGrant {
  organizationId: string;
  mode: Mode;
}

export interface DriverSession {
  id: string;
  phone: string;
  createdAt: Date;
  expiresAt: Date;
  grants: DriverGrant[];
}

export async function authenticateDriverSession(services: Pick<Services, 'db' | 'clock' | 'secrets'>, token: string): Promise<DriverSession | undefined> {
  const row = await selectSessionByTokenHash(services.db, tokenHash(services.secrets.urls, token));
  if (!row || row.signed_out_at !== null || row.expires_at <= services.clock.now()) return undefined;
  const grants = await selectActiveGrants(services.db, row.id);
  if (grants.length === 0) return undefined;
  await markSessionSeen(services.db, row.id, services.clock.now(), SEEN_EVERY_MS);
  return { id: row.id, phone: row.phone, createdAt: row.created_at, expiresAt: row.expires_at, grants: grants.map((g) => ({ organizationId: g.organization_id, mode: g.mode })) };
}

export async function signOutDriver(services: Pick<Services, 'db' | 'clock'>, session: DriverSession): Promise<void> {
  await services.db.updateTable('driver_sessions').set({ signed_out_at: services.clock.now() }).where('id', '=', session.id).where('signed_out_at', 'is', null).execute();
}
