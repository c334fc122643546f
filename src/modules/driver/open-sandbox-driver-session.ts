/**
 * POST /v1/test/driver-sessions (sk_test_ keys only): the sandbox's way to a driver session without
 * an SMS. The integrator's own test key names a phone that drives a `planned` or `in_progress` tour
 * of its organisation's sandbox, and gets a session whose only grant is that organisation's test
 * mode: it sees none of the phone's work elsewhere, in another organisation or in live. A phone
 * without such work is 422 `validation_failed` on `$.phone` (the key only learns about its own tours).
 */
import type { TenantContext } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { withTransaction } from '../../ports/database.js';
import { selectOpenWork } from './driver-sessions.repository.js';
import { insertDriverSession, type OpenedDriverSession, type SessionSource } from './open-driver-session.js';

export async function openSandboxDriverSession(ctx: TenantContext, phone: string, source: SessionSource): Promise<OpenedDriverSession> {
  const own = (await selectOpenWork(ctx.db, phone)).filter((w) => w.organization_id === ctx.organizationId && w.mode === ctx.mode);
  if (own.length === 0) {
    const message = 'No planned or in-progress tour of your sandbox has this driver phone.';
    throw new AppError('validation_failed', `${message} Create the tour first (POST /v1/tours).`, { errors: [{ path: '$.phone', code: 'no_open_tour', message }] });
  }
  return withTransaction(ctx.db, (trx) => insertDriverSession(trx, ctx, phone, own, source));
}
