/**
 * The key and certificate the service seals PDFs with. Production gives its platform certificate
 * in configuration; development and test generate a self-signed one once per deployment and keep
 * it (service_secrets), so every version of every note is sealed by the same identity.
 *
 * RSA 2048 with PKCS#1 v1.5 and SHA-256: readable by every PDF reader, and deterministic, so
 * sealing the same bytes twice gives the same seal.
 *
 * Key material, not a document concern: the sandbox trust service makes its own signer the same
 * way, so both the documents module and the trust-service adapter take it from here.
 */
import { randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { cryptoEngine } from './pkijs-engine.js';

export interface SealingKey {
  privateKey: CryptoKey;
  certificate: pkijs.Certificate;
  /** DER of the signer's certificate. */
  certificateDer: Uint8Array;
}

/** The key as PEM: the form configuration and service_secrets hold, and that clones into a render thread. */
export interface SealingKeyPem {
  privateKeyPem: string;
  certificatePem: string;
}

const ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;
const YEAR = 365 * 24 * 60 * 60 * 1000;

function pem(label: string, der: ArrayBuffer | Uint8Array): string {
  const b64 = Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der)).toString('base64');
  return `-----BEGIN ${label}-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END ${label}-----\n`;
}

function pemBlocks(text: string, label: string): ArrayBuffer[] {
  const re = new RegExp(`-----BEGIN ${label}-----([\\s\\S]*?)-----END ${label}-----`, 'g');
  return [...text.matchAll(re)].map((m) => {
    const bytes = Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64');
    return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  });
}

function name(commonName: string): pkijs.RelativeDistinguishedNames {
  return new pkijs.RelativeDistinguishedNames({
    typesAndValues: [
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.3', value: new asn1js.Utf8String({ value: commonName }) }),
      new pkijs.AttributeTypeAndValue({ type: '2.5.4.10', value: new asn1js.Utf8String({ value: 'freight-document-service' }) }),
    ],
  });
}

/**
 * A certificate serial from random bytes: positive (top bit clear) and with a non-zero first byte.
 * DER wants an INTEGER in its fewest bytes, so a leading 0x00 before a byte under 0x80 is "illegal
 * padding" that OpenSSL refuses to parse: one random serial in 512 made a certificate that
 * `X509Certificate` and every OpenSSL-based verifier rejected.
 */
export function certificateSerial(random: Uint8Array): Uint8Array {
  const serial = Uint8Array.from(random);
  serial[0] = (serial[0]! % 0x7f) + 1;
  return serial;
}

export async function generateSelfSignedSealingKey(commonName: string, now: Date): Promise<{ key: SealingKey; privateKeyPem: string; certificatePem: string }> {
  const crypto = cryptoEngine();
  const keys = (await crypto.generateKey({ ...ALGORITHM, modulusLength: 2048, publicExponent: new Uint8Array([1, 0, 1]) }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const certificate = new pkijs.Certificate();
  certificate.version = 2;
  certificate.serialNumber = new asn1js.Integer({ valueHex: certificateSerial(randomBytes(16)) });
  certificate.issuer = name(commonName);
  certificate.subject = name(commonName);
  certificate.notBefore.value = now;
  certificate.notAfter.value = new Date(now.getTime() + 10 * YEAR);
  // Key usage: digitalSignature and nonRepudiation (content commitment), as a seal's is.
  const keyUsage = new asn1js.BitString({ valueHex: new Uint8Array([0xc0]).buffer, unusedBits: 6 });
  certificate.extensions = [
    new pkijs.Extension({ extnID: '2.5.29.15', critical: true, extnValue: keyUsage.toBER(false), parsedValue: keyUsage }),
    new pkijs.Extension({ extnID: '2.5.29.19', critical: true, extnValue: new pkijs.BasicConstraints({ cA: false }).toSchema().toBER(false) }),
  ];
  await certificate.subjectPublicKeyInfo.importKey(keys.publicKey, crypto);
  await certificate.sign(keys.privateKey, 'SHA-256', crypto);
  const certificateDer = new Uint8Array(certificate.toSchema(true).toBER(false));
  const pkcs8 = await crypto.exportKey('pkcs8', keys.privateKey);
  return {
    key: { privateKey: keys.privateKey, certificate, certificateDer },
    privateKeyPem: pem('PRIVATE KEY', pkcs8),
    certificatePem: pem('CERTIFICATE', certificateDer),
  };
}

/** A PKCS#8 private key and the signer's certificate (the first in the PEM), as configured or kept. */
export async function sealingKeyFromPem(privateKeyPem: string, certificatePem: string): Promise<SealingKey> {
  const crypto = cryptoEngine();
  const [keyDer] = pemBlocks(privateKeyPem, 'PRIVATE KEY');
  const [certificateDer] = pemBlocks(certificatePem, 'CERTIFICATE');
  if (!keyDer || !certificateDer) throw new Error('the sealing key must be a PKCS#8 PEM "PRIVATE KEY" and the certificate a PEM "CERTIFICATE"');
  // Extractable: the seal is signed through a node:crypto KeyObject made from this key (pkijs-engine.ts),
  // which Node 24 deprecates for non-extractable keys (DEP0204); the PEM it came from is in this
  // process's memory anyway, so non-extractable would protect nothing.
  const privateKey = await crypto.importKey('pkcs8', keyDer, ALGORITHM, true, ['sign']);
  const certificate = pkijs.Certificate.fromBER(certificateDer);
  return { privateKey, certificate, certificateDer: new Uint8Array(certificateDer) };
}
