/**
 * Checks a webhook URL before it is stored: https and a public host (./webhook-target.ts), and a
 * name must not resolve to a non-public address now. A name that does not resolve yet is
 * accepted: every attempt checks the address it actually connects to.
 */
import { AppError } from '../../core/errors.js';
import { finding } from '../../core/findings.js';
import type { Resolver } from '../../ports/resolver.js';
import { isPublicAddress } from '../../core/network-addresses.js';
import { checkTargetUrl } from './webhook-target.js';

function refused(detail: string): AppError {
  return new AppError('validation_failed', `The webhook url is not a safe target: ${detail}`, { errors: [finding('$.url', 'unsafe_url', { reason: detail })] });
}

export async function checkWebhookTarget(resolver: Resolver, url: string, allowPrivate: boolean): Promise<void> {
  const target = checkTargetUrl(url, { allowPrivate });
  if (!target.ok) throw refused(target.detail);
  if (allowPrivate || target.literalAddress) return;
  const addresses = await resolver.lookup(target.host);
  const internal = addresses.find((address) => !isPublicAddress(address));
  if (internal) throw refused(`${target.host} resolves to ${internal}, which is not publicly routable.`);
}
