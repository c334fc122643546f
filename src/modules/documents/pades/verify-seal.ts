/**
 * Checks the PAdES seal of a stored PDF (the inspection page's integrity verdict): the last
 * signature's /ByteRange covers the whole file but its /Contents, and its CMS verifies over those
 * bytes — the message digest matches and the signature over the signed attributes checks against
 * the certificate it carries. So a byte changed after sealing, a truncated or appended file, or a
 * swapped signature all read as broken. Whose certificate it is stays out of this check: a
 * deployment may change its sealing key, and earlier versions stay sealed by the old one.
 *
 * Hashing runs on WebCrypto (libuv's thread pool), not on the event loop; the parsing is a search
 * from the end of the file, where the seal's incremental update sits.
 */
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { cryptoEngine } from '../../../core/key-material/pkijs-engine.js';
import { OID } from './cades-signed-data.js';

const BYTE_RANGE = /^\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/;

const arrayBuffer = (b: Uint8Array) => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/** The ranges of the last signature, when they cover the whole file around one hex /Contents. */
function signedRanges(pdf: Buffer): { ranges: [number, number, number, number]; cms: Buffer } | null {
  const at = pdf.lastIndexOf('/ByteRange');
  if (at < 0) return null;
  const match = BYTE_RANGE.exec(pdf.subarray(at, at + 120).toString('latin1'));
  if (!match) return null;
  const ranges = match.slice(1).map(Number) as [number, number, number, number];
  const [start, firstLength, secondStart, secondLength] = ranges;
  if (start !== 0 || firstLength + 2 > secondStart || secondStart + secondLength !== pdf.length) return null;
  if (pdf[firstLength] !== 0x3c || pdf[secondStart - 1] !== 0x3e) return null;
  const hex = pdf.subarray(firstLength + 1, secondStart - 1).toString('latin1');
  if (!/^[0-9A-Fa-f]*$/.test(hex) || hex.length % 2 !== 0) return null;
  return { ranges, cms: Buffer.from(hex, 'hex') };
}

/** True when the file's seal is intact; false for a missing, malformed or failing one. */
export async function verifySeal(pdf: Buffer): Promise<boolean> {
  const parts = signedRanges(pdf);
  if (!parts) return false;
  const [, firstLength, secondStart] = parts.ranges;
  try {
    // The /Contents placeholder is padded with zeros after the DER: parse the first element only.
    const asn1 = asn1js.fromBER(arrayBuffer(parts.cms));
    if (asn1.offset === -1) return false;
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    if (info.contentType !== OID.signedData) return false;
    const signed = new pkijs.SignedData({ schema: info.content });
    const data = Buffer.concat([pdf.subarray(0, firstLength), pdf.subarray(secondStart)]);
    return await signed.verify({ signer: 0, data: arrayBuffer(data), checkChain: false }, cryptoEngine());
  } catch {
    return false;
  }
}

/** SHA-256 of the bytes in lowercase hex, computed off the event loop. */
export async function sha256Hex(bytes: Buffer): Promise<string> {
  return Buffer.from(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>)).toString('hex');
}

/**
 * The certificate the seal of `pdf` carries (DER), or null when it has no readable seal: what a
 * GDPR export's manifest pins each sealed PDF to (docs/export.md). It says nothing of whether the
 * seal verifies; `verifySeal` does.
 */
export function sealCertificate(pdf: Buffer): Buffer | null {
  const parts = signedRanges(pdf);
  if (!parts) return null;
  try {
    const asn1 = asn1js.fromBER(arrayBuffer(parts.cms));
    if (asn1.offset === -1) return null;
    const info = new pkijs.ContentInfo({ schema: asn1.result });
    if (info.contentType !== OID.signedData) return null;
    const certificate = new pkijs.SignedData({ schema: info.content }).certificates?.[0];
    return certificate instanceof pkijs.Certificate ? Buffer.from(certificate.toSchema().toBER()) : null;
  } catch {
    return null;
  }
}
