/**
 * The CMS of a PAdES baseline B-B seal (ETSI EN 319 142-1; CAdES, ETSI EN 319 122-1): SignedData
 * over the PDF's byte ranges, detached, with exactly these signed attributes — content-type (data),
 * message-digest (SHA-256) and signing-certificate-v2 (the signer certificate's SHA-256 and issuer
 * and serial) — and no signing-time, which B-B forbids (the time is the PDF's /M entry). A stock
 * PKCS#7 signer adds signing-time and leaves out signing-certificate-v2; hence this file.
 */
import { createHash } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { cryptoEngine } from '../../../core/key-material/pkijs-engine.js';
import type { SealingKey } from '../../../core/key-material/sealing-key.js';

export const OID = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
} as const;

const arrayBuffer = (bytes: Uint8Array) => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/**
 * SigningCertificateV2 ::= SEQUENCE { certs SEQUENCE OF ESSCertIDv2 }
 * ESSCertIDv2 ::= SEQUENCE { certHash OCTET STRING, issuerSerial IssuerSerial }   (hashAlgorithm sha256 is the DEFAULT, so omitted)
 * IssuerSerial ::= SEQUENCE { issuer GeneralNames, serialNumber INTEGER }; GeneralName directoryName is [4] EXPLICIT Name
 */
function signingCertificateV2(key: SealingKey): asn1js.Sequence {
  const certHash = createHash('sha256').update(key.certificateDer).digest();
  const issuer = new asn1js.Sequence({
    value: [new asn1js.Constructed({ idBlock: { tagClass: 3, tagNumber: 4 }, value: [key.certificate.issuer.toSchema()] })],
  });
  const issuerSerial = new asn1js.Sequence({ value: [issuer, key.certificate.serialNumber] });
  const essCertIdV2 = new asn1js.Sequence({ value: [new asn1js.OctetString({ valueHex: arrayBuffer(certHash) }), issuerSerial] });
  return new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] });
}

/** DER of a detached CAdES SignedData over `content`. */
export async function cadesDetached(content: Uint8Array, key: SealingKey): Promise<Uint8Array> {
  const crypto = cryptoEngine();
  const digest = createHash('sha256').update(content).digest();
  const signedData = new pkijs.SignedData({
    version: 1,
    encapContentInfo: new pkijs.EncapsulatedContentInfo({ eContentType: OID.data }),
    signerInfos: [
      new pkijs.SignerInfo({
        version: 1,
        sid: new pkijs.IssuerAndSerialNumber({ issuer: key.certificate.issuer, serialNumber: key.certificate.serialNumber }),
        signedAttrs: new pkijs.SignedAndUnsignedAttributes({
          type: 0,
          attributes: [
            new pkijs.Attribute({ type: OID.contentType, values: [new asn1js.ObjectIdentifier({ value: OID.data })] }),
            new pkijs.Attribute({ type: OID.messageDigest, values: [new asn1js.OctetString({ valueHex: arrayBuffer(digest) })] }),
            new pkijs.Attribute({ type: OID.signingCertificateV2, values: [signingCertificateV2(key)] }),
          ],
        }),
      }),
    ],
    certificates: [key.certificate],
  });
  await signedData.sign(key.privateKey, 0, 'SHA-256', undefined, crypto);
  const contentInfo = new pkijs.ContentInfo({ contentType: OID.signedData, content: signedData.toSchema(true) });
  return new Uint8Array(contentInfo.toSchema().toBER(false));
}
