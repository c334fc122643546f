// Pure SSRF guard for webhook target URLs. A webhook target is a URL chosen by a customer and
// fetched by our servers, so without this check a customer could make us call our own loopback
// services, the cloud metadata endpoint (169.254.169.254) or anything on the private network.
//
// This module only judges the URL text. A name that looks public can still resolve to a private
// address (DNS rebinding), so the caller must also run `isPublicAddress` on every address the name
// resolves to at connect time; `literalAddress` tells the caller when no lookup is needed.
import ipaddr from 'ipaddr.js';
import { isInternalName, isPublicAddress } from '../../core/network-addresses.js';

export type TargetRefusal = 'not_https' | 'invalid_url' | 'credentials_in_url' | 'internal_name' | 'non_public_address';

export type TargetCheck =
  | { ok: true; host: string; port: number; literalAddress?: string }
  | { ok: false; reason: TargetRefusal; detail: string };

function refuse(reason: TargetRefusal, detail: string): TargetCheck {
  return { ok: false, reason, detail };
}

/**
 * Decides whether a webhook may be delivered to `url`. `allowPrivate` is for local development and
 * self-hosted setups: it permits plain http and internal names/addresses, but never credentials.
 */
export function checkTargetUrl(url: string, options: { allowPrivate: boolean }): TargetCheck {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return refuse('invalid_url', 'the URL could not be parsed');
  }

  const allowedProtocols = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!allowedProtocols.includes(parsed.protocol)) {
    return refuse('not_https', `the scheme ${parsed.protocol} is not allowed; use https:`);
  }
  // Credentials would be sent to the target and stored in our logs and database in clear text.
  if (parsed.username !== '' || parsed.password !== '') {
    return refuse('credentials_in_url', 'the URL must not contain a username or password');
  }
  if (parsed.hostname === '') return refuse('invalid_url', 'the URL has no host');

  const port = parsed.port === '' ? (parsed.protocol === 'https:' ? 443 : 80) : Number(parsed.port);
  // WHATWG URL has already canonicalised the host: IPv6 is bracketed and compressed, and every
  // IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1) has become dotted decimal, so these two tests
  // see exactly the address that a connection would use.
  const bracketed = parsed.hostname.startsWith('[') && parsed.hostname.endsWith(']');
  const host = bracketed ? parsed.hostname.slice(1, -1) : parsed.hostname;

  if (bracketed || ipaddr.IPv4.isValidFourPartDecimal(host)) {
    if (!options.allowPrivate && !isPublicAddress(host)) {
      return refuse('non_public_address', `${host} is not a public internet address`);
    }
    return { ok: true, host, port, literalAddress: host };
  }

  if (!options.allowPrivate && isInternalName(host)) {
    return refuse('internal_name', `${host} is an internal host name`);
  }
  return { ok: true, host, port };
}
