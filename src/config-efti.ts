/**
 * The eFTI gate's part of the configuration (docs/efti-gate.md): all of its variables or none, the
 * client certificate matching its key and naming the platform.
 */
import { X509Certificate, createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ConfigError } from './config-error.js';

/** The gate's variables as the environment schema parsed them. */
export interface EftiEnvironment {
  EFTI_GATE_URL?: string;
  EFTI_TEST_GATE_URL?: string;
  EFTI_GATE_ID?: string;
  EFTI_PLATFORM_ID?: string;
  EFTI_CLIENT_CERT?: string;
  EFTI_CLIENT_KEY?: string;
  EFTI_GATE_CA?: string;
  EFTI_PLATFORM_PORT?: number;
}

export interface EftiConfig {
  gateUrl: string;
  testGateUrl?: string;
  gateId: string;
  platformId: string;
  /** PEM of our client certificate; its CN is `platformId`. */
  clientCert: string;
  clientKey: string;
  /** PEM of the CA the gate's server and client certificates chain to. */
  gateCa: string;
  platformPort: number;
}

const EFTI_REQUIRED = ['EFTI_GATE_URL', 'EFTI_GATE_ID', 'EFTI_PLATFORM_ID', 'EFTI_CLIENT_CERT', 'EFTI_CLIENT_KEY', 'EFTI_GATE_CA', 'EFTI_PLATFORM_PORT'] as const;

/**
 * All or none: half a gate configuration is a mistake worth stopping for, not a silent
 * `not_configured`. The client certificate must name the platform id as its CN, because the gate
 * identifies the platform by it (gate-api-for-platform.yaml: `GET /v0/whoami`).
 */
export function eftiConfig(e: EftiEnvironment): EftiConfig | undefined {
  const missing = EFTI_REQUIRED.filter((name) => e[name] === undefined);
  if (missing.length === EFTI_REQUIRED.length) {
    if (e.EFTI_TEST_GATE_URL) throw new ConfigError('EFTI_TEST_GATE_URL needs the rest of the gate configuration: ' + EFTI_REQUIRED.join(', '));
    return undefined;
  }
  if (missing.length > 0) throw new ConfigError(`the eFTI gate configuration is all or none; missing: ${missing.join(', ')}`);
  const clientCert = readPem('EFTI_CLIENT_CERT', e.EFTI_CLIENT_CERT!);
  const clientKey = readPem('EFTI_CLIENT_KEY', e.EFTI_CLIENT_KEY!);
  const gateCa = readPem('EFTI_GATE_CA', e.EFTI_GATE_CA!);
  let certificate: X509Certificate;
  try {
    certificate = new X509Certificate(clientCert);
    if (!certificate.checkPrivateKey(createPrivateKey(clientKey))) throw new ConfigError('EFTI_CLIENT_KEY is not the key of EFTI_CLIENT_CERT');
    new X509Certificate(gateCa);
  } catch (error) {
    if (error instanceof ConfigError) throw error;
    throw new ConfigError(`EFTI_CLIENT_CERT, EFTI_CLIENT_KEY and EFTI_GATE_CA must be PEM certificates and a key: ${(error as Error).message}`);
  }
  const cn = commonName(certificate.subject);
  if (cn !== e.EFTI_PLATFORM_ID) throw new ConfigError(`EFTI_CLIENT_CERT names CN=${cn ?? '(none)'}, but EFTI_PLATFORM_ID is ${e.EFTI_PLATFORM_ID}: the gate knows the platform by its certificate's CN`);
  return {
    gateUrl: e.EFTI_GATE_URL!.replace(/\/+$/, ''),
    testGateUrl: e.EFTI_TEST_GATE_URL?.replace(/\/+$/, ''),
    gateId: e.EFTI_GATE_ID!,
    platformId: e.EFTI_PLATFORM_ID!,
    clientCert,
    clientKey,
    gateCa,
    platformPort: e.EFTI_PLATFORM_PORT!,
  };
}

/** The CN of an X.509 subject as Node prints it (one `key=value` per line). */
export function commonName(subject: string): string | undefined {
  return subject.split('\n').find((line) => line.startsWith('CN='))?.slice(3);
}

function readPem(name: string, value: string): string {
  try {
    return pemOrFile(value);
  } catch (error) {
    throw new ConfigError(`${name}: cannot read ${value} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`);
  }
}

/** A PEM given inline (`-----BEGIN …`; a literal backslash-n stands for a line break) or as the path of a file. */
export function pemOrFile(value: string): string {
  return value.trimStart().startsWith('-----BEGIN') ? value.replace(/\\n/g, '\n') : readFileSync(value, 'utf8');
}
