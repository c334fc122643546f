/**
 * What the cookie credentials share (the console session, the driver web app's session): reading
 * one cookie, and refusing a state-changing cookie call that does not come from the service's own
 * pages. SameSite already keeps cookies off cross-site POSTs in current browsers; the Origin check
 * covers older ones and same-site sibling hosts.
 */
import type { FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The value of one cookie in a Cookie header (the first, as browsers send the most specific first). */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

function requestOrigin(request: FastifyRequest): string | undefined {
  const origin = request.headers.origin;
  if (origin && origin !== 'null') return origin;
  const referer = request.headers.referer;
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return undefined;
  }
}

/** Refuses a state-changing cookie request that does not come from PUBLIC_BASE_URL's origin. */
export function checkConsoleOrigin(request: FastifyRequest, expectedOrigin: string): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = requestOrigin(request);
  if (origin === expectedOrigin) return;
  throw new AppError(
    'forbidden',
    origin
      ? `This console request comes from ${origin}, not from ${expectedOrigin}: state-changing console calls are accepted from the console's own pages only.`
      : `This console request has neither Origin nor Referer: state-changing console calls must come from the console's pages at ${expectedOrigin}.`,
  );
}
