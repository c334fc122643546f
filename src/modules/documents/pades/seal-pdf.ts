/**
 * Seals a rendered PDF with a PAdES baseline B-B signature, so any PDF reader shows whether the
 * document changed after sealing. The document is given a signature placeholder (SubFilter
 * ETSI.CAdES.detached, /M = the version's time, so a seal is reproducible), saved, and the CAdES
 * CMS over the byte ranges is written into the placeholder. The renderers hand their document
 * straight to `sealDocument`, so a sealed version is saved once (loading the saved bytes and saving
 * them again cost more than the CMS); `sealPdf` seals bytes made elsewhere. Each freshly rendered
 * version is sealed once: pdf-lib cannot save incrementally, so sealing a sealed file again would
 * break its first seal.
 */
import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { SignPdf } from '@signpdf/signpdf';
import { Signer, SUBFILTER_ETSI_CADES_DETACHED } from '@signpdf/utils';
import { PDFDocument } from 'pdf-lib';
import { SAVE_IN_ONE_GO } from '../consignment-note/service-pdf.js';
import { cadesDetached } from './cades-signed-data.js';
import type { SealingKey } from '../../../core/key-material/sealing-key.js';

/** Room for the CMS in the placeholder: a 2048-bit signature and one certificate take ~2 KB. */
const SIGNATURE_LENGTH = 8192;

class CadesSigner extends Signer {
  constructor(private readonly key: SealingKey) {
    super();
  }

  override async sign(pdfBuffer: Buffer): Promise<Buffer> {
    return Buffer.from(await cadesDetached(pdfBuffer, this.key));
  }
}

export interface SealOptions {
  /** The seal's time (/M): when the version was made. */
  at: Date;
  reason: string;
  location?: string;
  name?: string;
  contactInfo?: string;
}

/** Adds the seal's placeholder to `doc`, saves it and seals the saved bytes. */
export async function sealDocument(doc: PDFDocument, key: SealingKey, options: SealOptions): Promise<Uint8Array> {
  pdflibAddPlaceholder({
    pdfDoc: doc,
    reason: options.reason,
    contactInfo: options.contactInfo ?? '',
    name: options.name ?? 'freight-document-service',
    location: options.location ?? '',
    signingTime: options.at,
    signatureLength: SIGNATURE_LENGTH,
    subFilter: SUBFILTER_ETSI_CADES_DETACHED,
  });
  const prepared = Buffer.from(await doc.save({ ...SAVE_IN_ONE_GO, useObjectStreams: false }));
  return new Uint8Array(await new SignPdf().sign(prepared, new CadesSigner(key)));
}

export async function sealPdf(pdf: Uint8Array, key: SealingKey, options: SealOptions): Promise<Uint8Array> {
  return sealDocument(await PDFDocument.load(pdf, { updateMetadata: false }), key, options);
}
