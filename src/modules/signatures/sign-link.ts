/**
 * Resolves a sign-link token (in the path, no API key) to its request and tenant, or answers why
 * not: unknown 404, revoked 410 `token_revoked`, replaced by a newer link 410 `token_rotated`,
 * past its expiry 410 `token_expired`, already used 409 `already_signed`.
 */
import { AppError } from '../../core/errors.js';
import type { Services, TenantContext } from '../../core/context.js';
import type { Mode } from '../../core/mode.js';
import { findShipment } from '../shipments/get-shipment.js';
import { assertChangeable } from '../shipments/shipment-status.js';
import { frozenClock } from '../../core/clock.js';
import { selectTestClock } from '../test-clocks/test-clocks.repository.js';
import { hashSignToken } from './sign-link-token.js';
import { selectSignatureRequestByTokenHash, type SignatureRequestRow } from './signature-requests.repository.js';

/** A sign link that may be used now: its request and the tenant context it acts in. */
export interface OpenSignLink {
  request: SignatureRequestRow;
  ctx: TenantContext;
}

export async function openSignLink(services: Services, token: string, requestId: string, options: { allowUsed?: boolean; signal?: AbortSignal } = {}): Promise<OpenSignLink> {
  const request = await selectSignatureRequestByTokenHash(services.db, hashSignToken(token));
  assertLinkStanding(request);
  if (request.status === 'completed' && !options.allowUsed) throw new AppError('already_signed', 'This sign link has been used: the document is signed.');
  const ctx = await linkTenant(services, request, requestId, options.signal);
  if (request.expires_at <= ctx.clock.now()) throw new AppError('token_expired', `This sign link expired at ${request.expires_at.toISOString()}; ask the sender for a new one.`);
  return { request, ctx };
}

/** Raises what a link that names nothing, was withdrawn or was replaced answers, whatever it is used for. */
export function assertLinkStanding(request: SignatureRequestRow | undefined): asserts request is SignatureRequestRow {
  if (!request) throw new AppError('not_found', 'This sign link does not exist.');
  if (request.status === 'revoked') throw new AppError('token_revoked', 'This sign link was withdrawn by the sender.');
  if (request.status === 'replaced') throw new AppError('token_rotated', 'A newer sign link was sent for this signature: use the latest message.');
}

/**
 * The tenant context a link acts in, with the link (its request and role) as the actor: a sandbox
 * link attached to a test clock reads that clock, for its expiry and every step after.
 */
export async function linkTenant(services: Services, request: SignatureRequestRow, requestId: string, signal?: AbortSignal): Promise<TenantContext> {
  const testClock = request.mode === 'test' && request.test_clock_id ? await selectTestClock(services.db, request.organization_id, request.test_clock_id) : undefined;
  const source = { actor: { type: 'sign_link' as const, id: request.id, role: request.role } };
  const ctx: TenantContext = { ...services, organizationId: request.organization_id, mode: request.mode as Mode, requestId, source, signal };
  return testClock ? { ...ctx, clock: frozenClock(testClock.frozen_time, services.clock), testClockId: testClock.id } : ctx;
}

/**
 * Raises `shipment_immutable` when the link's shipment is delivered or cancelled: it takes no more
 * signatures, so the steps before one (a one-time password, an identification at the trust service)
 * are refused at once instead of costing a message or a provider call the submit cannot use.
 */
export async function assertLinkShipmentOpen({ request, ctx }: OpenSignLink): Promise<void> {
  const shipment = await findShipment(ctx.db, ctx, request.shipment_id);
  assertChangeable(shipment.id, shipment.status);
}
