/**
 * Certificates made, and signatures checked, by the `openssl` CLI in a temporary folder: tests of
 * mutual TLS and of the delegation evidence use a tool outside our code, not our own crypto.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface MadeCertificate {
  name: string;
  keyPem: string;
  certificatePem: string;
}

export interface OpensslFolder {
  dir: string;
  /** A self-signed P-256 certificate (fast to make); `ipSan` adds subjectAltName IP:127.0.0.1 for a server. */
  certificate(name: string, options?: { days?: number; ipSan?: boolean }): MadeCertificate;
  /** Whether `openssl dgst -sha256 -verify` accepts the compact JWS under the first `x5c` certificate. */
  verifiesJws(jws: string): { verified: boolean; output: string };
  remove(): void;
}

function openssl(args: string[], cwd: string): string {
  return execFileSync('openssl', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** DER length octets. */
function derLength(n: number): Buffer {
  return n < 0x80 ? Buffer.from([n]) : Buffer.from([0x81, n]);
}

/** One unsigned big-endian integer as DER INTEGER: no leading zeros, a 0x00 before a high bit. */
function derInteger(bytes: Buffer): Buffer {
  let i = 0;
  while (i < bytes.length - 1 && bytes[i] === 0) i++;
  let body = bytes.subarray(i);
  if (body[0]! & 0x80) body = Buffer.concat([Buffer.from([0]), body]);
  return Buffer.concat([Buffer.from([0x02]), derLength(body.length), body]);
}

/** JWS ECDSA signatures are r||s (RFC 7518 §3.4); openssl wants the DER SEQUENCE of two INTEGERs. */
export function ecdsaRawToDer(raw: Buffer): Buffer {
  const half = raw.length / 2;
  const body = Buffer.concat([derInteger(raw.subarray(0, half)), derInteger(raw.subarray(half))]);
  return Buffer.concat([Buffer.from([0x30]), derLength(body.length), body]);
}

export function opensslFolder(): OpensslFolder {
  const dir = mkdtempSync(join(tmpdir(), 'fds-openssl-'));
  return {
    dir,
    certificate(name, { days = 365, ipSan = false } = {}) {
      const args = ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes', '-keyout', `${name}.key`, '-out', `${name}.crt`, '-days', String(days), '-subj', `/CN=${name}`];
      if (ipSan) args.push('-addext', 'subjectAltName=IP:127.0.0.1');
      openssl(args, dir);
      return { name, keyPem: readFileSync(join(dir, `${name}.key`), 'utf8'), certificatePem: readFileSync(join(dir, `${name}.crt`), 'utf8') };
    },
    verifiesJws(jws) {
      const [header, payload, signature] = jws.split('.');
      const protectedHeader = JSON.parse(Buffer.from(header!, 'base64url').toString('utf8')) as { alg: string; x5c: string[] };
      const der = Buffer.from(protectedHeader.x5c[0]!, 'base64');
      writeFileSync(join(dir, 'signer.der'), der);
      openssl(['x509', '-inform', 'DER', '-in', 'signer.der', '-pubkey', '-noout', '-out', 'signer-pub.pem'], dir);
      writeFileSync(join(dir, 'signing-input.txt'), `${header}.${payload}`);
      const raw = Buffer.from(signature!, 'base64url');
      writeFileSync(join(dir, 'sig.bin'), protectedHeader.alg.startsWith('ES') ? ecdsaRawToDer(raw) : raw);
      try {
        const output = openssl(['dgst', '-sha256', '-verify', 'signer-pub.pem', '-signature', 'sig.bin', 'signing-input.txt'], dir);
        return { verified: output.trim() === 'Verified OK', output };
      } catch (error) {
        return { verified: false, output: String((error as { stdout?: string }).stdout ?? error) };
      }
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
