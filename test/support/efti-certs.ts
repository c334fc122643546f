/**
 * Certificates for the eFTI gate tests, made with the `openssl` CLI in a temporary folder:
 * a gate CA; the fake gate's server certificate; the platform's certificate
 * (CN = platform id, client and server use: it also serves the platform listener); the gate's
 * client certificate (CN = gate id); and wrong ones: the gate's CN under another CA, another CN
 * under the gate CA, a gate server certificate of another CA. EC P-256 keys, so the whole set takes a few tens of milliseconds.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface CertPair {
  cert: string;
  key: string;
  certPath: string;
  keyPath: string;
}

export interface EftiCerts {
  dir: string;
  ca: CertPair;
  gateServer: CertPair;
  platform: CertPair;
  gateClient: CertPair;
  /** CN = gate id, but issued by a CA the platform does not trust. */
  foreignGateClient: CertPair;
  /** Issued by the gate CA, but CN is not the gate id. */
  otherClient: CertPair;
  /** A server certificate for 127.0.0.1 from a CA the platform does not trust: an impostor gate. */
  foreignGateServer: CertPair;
  remove(): void;
}

const EC = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function openssl(args: string[]): void {
  execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
}

function pair(dir: string, name: string): CertPair {
  const certPath = join(dir, `${name}.crt`);
  const keyPath = join(dir, `${name}.key`);
  return {
    certPath,
    keyPath,
    get cert() {
      return readFileSync(certPath, 'utf8');
    },
    get key() {
      return readFileSync(keyPath, 'utf8');
    },
  };
}

function selfSigned(dir: string, name: string, cn: string): CertPair {
  const p = pair(dir, name);
  openssl(['req', '-x509', ...EC, '-keyout', p.keyPath, '-out', p.certPath, '-days', '2', '-subj', `/CN=${cn}`, '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  return p;
}

function issued(dir: string, name: string, cn: string, ca: CertPair, extensions: string): CertPair {
  const p = pair(dir, name);
  const csr = join(dir, `${name}.csr`);
  const ext = join(dir, `${name}.ext`);
  writeFileSync(ext, extensions);
  openssl(['req', '-new', ...EC, '-keyout', p.keyPath, '-out', csr, '-subj', `/CN=${cn}`]);
  openssl(['x509', '-req', '-in', csr, '-CA', ca.certPath, '-CAkey', ca.keyPath, '-CAcreateserial', '-out', p.certPath, '-days', '2', '-extfile', ext]);
  return p;
}

const SERVER = 'basicConstraints=CA:FALSE\nextendedKeyUsage=serverAuth,clientAuth\nsubjectAltName=IP:127.0.0.1,DNS:localhost\n';
const CLIENT = 'basicConstraints=CA:FALSE\nextendedKeyUsage=clientAuth\n';

export function makeEftiCerts(ids: { gateId: string; platformId: string }): EftiCerts {
  const dir = mkdtempSync(join(tmpdir(), 'fds-efti-certs-'));
  const ca = selfSigned(dir, 'ca', 'Test eFTI gate CA');
  const foreignCa = selfSigned(dir, 'foreign-ca', 'Someone else');
  return {
    dir,
    ca,
    gateServer: issued(dir, 'gate-server', 'gate.localhost', ca, SERVER),
    platform: issued(dir, 'platform', ids.platformId, ca, SERVER),
    gateClient: issued(dir, 'gate-client', ids.gateId, ca, CLIENT),
    foreignGateClient: issued(dir, 'foreign-gate-client', ids.gateId, foreignCa, CLIENT),
    otherClient: issued(dir, 'other-client', 'not-the-gate', ca, CLIENT),
    foreignGateServer: issued(dir, 'foreign-gate-server', 'gate.localhost', foreignCa, SERVER),
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}
