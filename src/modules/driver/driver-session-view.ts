/** A driver session as an organisation sees it: its own grant decides `revoked`; no token, ever. */
import type { SessionWithGrant } from './driver-sessions.repository.js';

export type DriverSessionStatus = 'active' | 'expired' | 'signed_out' | 'revoked';

export function driverSessionView(row: SessionWithGrant, now: Date) {
  const status: DriverSessionStatus = row.revoked_at ? 'revoked' : row.signed_out_at ? 'signed_out' : row.expires_at <= now ? 'expired' : 'active';
  return {
    id: row.id,
    phone: row.phone,
    created_at: row.created_at.toISOString(),
    expires_at: row.expires_at.toISOString(),
    status,
    revoked_at: row.revoked_at ? row.revoked_at.toISOString() : null,
    last_seen_at: row.last_seen_at ? row.last_seen_at.toISOString() : null,
  };
}

export type DriverSessionView = ReturnType<typeof driverSessionView>;
