/**
 * The grantee's certificate: one PEM X.509 certificate, valid now, reduced to what binds a read to
 * it, its SHA-256 thumbprint over the DER as base64url (RFC 8705 §3.1 `x5t#S256`). The listener
 * computes the same thumbprint from the certificate the client presented in the TLS handshake,
 * which proves it holds the key (CertificateVerify); no chain is built (RFC 8705 §2.2, self-signed
 * certificate binding): the grantor vouches for the certificate by naming it.
 */
import { createHash, X509Certificate } from 'node:crypto';
import { AppError } from '../../core/errors.js';
import { finding, registerFindingMessages } from '../../core/findings.js';

registerFindingMessages({
  invalid_certificate: {
    en: (p) => `Not a usable X.509 certificate: ${String(p.reason)}`,
    nl: (p) => `Geen bruikbaar X.509-certificaat: ${String(p.reason_nl ?? p.reason)}`,
    de: (p) => `Kein verwendbares X.509-Zertifikat: ${String(p.reason)}`,
    fr: (p) => `Pas de certificat X.509 utilisable : ${String(p.reason)}`,
  },
});

const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----[\s\S]*?-----END \1-----/g;
const PATH = '$.grantee.certificate';
/** A certificate made a moment ago on a machine whose clock runs ahead is still "valid now". */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export interface GranteeCertificate {
  /** The PEM as given, trimmed. */
  pem: string;
  thumbprint: string;
  notAfter: Date;
}

export function certificateThumbprint(der: Uint8Array): string {
  return createHash('sha256').update(der).digest('base64url');
}

function refuse(reason: string, reason_nl: string): never {
  throw new AppError('validation_failed', `grantee.certificate: ${reason}`, { errors: [finding(PATH, 'invalid_certificate', { reason, reason_nl })] });
}

/** Raises `validation_failed` (finding on `$.grantee.certificate`) unless `pem` is one certificate valid at `now`. */
export function granteeCertificate(pem: string, now: Date): GranteeCertificate {
  const blocks = [...pem.matchAll(PEM_BLOCK)];
  if (blocks.length !== 1 || blocks[0]![1] !== 'CERTIFICATE') {
    refuse('send exactly one PEM block "-----BEGIN CERTIFICATE-----" (no key, no chain).', 'stuur precies één PEM-blok "-----BEGIN CERTIFICATE-----" (geen sleutel, geen keten).');
  }
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(blocks[0]![0]);
  } catch {
    refuse('the PEM block does not decode as an X.509 certificate.', 'het PEM-blok is geen leesbaar X.509-certificaat.');
  }
  const notBefore = new Date(certificate.validFrom);
  const notAfter = new Date(certificate.validTo);
  if (!(notBefore.getTime() <= now.getTime() + CLOCK_SKEW_MS && now.getTime() < notAfter.getTime())) {
    refuse(`it is valid from ${notBefore.toISOString()} to ${notAfter.toISOString()}, not now.`, `het is geldig van ${notBefore.toISOString()} tot ${notAfter.toISOString()}, niet nu.`);
  }
  return { pem: blocks[0]![0], thumbprint: certificateThumbprint(certificate.raw), notAfter };
}
