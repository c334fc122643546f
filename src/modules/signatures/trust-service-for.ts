/**
 * Which trust service signs at `ades`/`qes` for a tenant context: the sandbox simulator for every
 * `test`-mode request, the configured provider for `live` — never the simulator. Live without a
 * provider is 503 `qtsp_unavailable` (service description, errors); `platform_auth` never comes here.
 */
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { TrustService } from '../../ports/trust-service.js';

export function trustServiceFor(ctx: TenantContext, level: string): TrustService {
  const service = ctx.mode === 'test' ? ctx.trustServices.sandbox : ctx.trustServices.live;
  if (!service) throw new AppError('qtsp_unavailable', `Signing at level ${level} needs a qualified trust service provider, and none is configured for live mode; platform_auth works without one.`);
  return service;
}

/** Runs a call to the trust service; a refusal or no answer is 503 `qtsp_unavailable` (the reason shown in sandbox only). */
export async function atTrustService<T>(ctx: TenantContext, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const reason = ctx.mode === 'test' && error instanceof Error ? ` (${error.message})` : '';
    throw new AppError('qtsp_unavailable', `The trust service refused or did not answer the ${what}${reason}; try again later, or sign at platform_auth.`);
  }
}
