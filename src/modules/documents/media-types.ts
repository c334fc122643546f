/**
 * What may be uploaded, decided by the bytes (sniffed with `file-type`), never by the declared
 * `Content-Type` or file name: a renamed executable is refused however it is labelled.
 */
import { fileTypeFromBuffer } from 'file-type';

export const UPLOAD_KINDS = ['attachment', 'photo'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/** Media types accepted per kind: documents to attach; pictures from a phone camera. */
export const ACCEPTED_MEDIA_TYPES: Record<UploadKind, readonly string[]> = {
  attachment: ['application/pdf', 'image/jpeg', 'image/png'],
  photo: ['image/jpeg', 'image/png', 'image/heic', 'image/webp'],
};

/** Largest file per upload, in bytes (also the raw body limit; a multipart body may add 64 KiB of framing). */
export const MAX_UPLOAD_BYTES = 20 * 1024 * 1024;

const EXTENSIONS: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/heic': 'heic',
  'image/webp': 'webp',
};

export function extensionOf(mediaType: string): string {
  return EXTENSIONS[mediaType] ?? 'bin';
}

/**
 * The media type the bytes are, when it is one `kind` accepts; otherwise undefined. HEIF files
 * from phones are reported as `image/heif` or `image/heic` by brand: both are stored as HEIC.
 */
export async function sniffAccepted(bytes: Uint8Array, kind: UploadKind): Promise<string | undefined> {
  const found = await fileTypeFromBuffer(bytes);
  const mediaType = found?.mime === 'image/heif' || found?.mime === 'image/heic-sequence' ? 'image/heic' : found?.mime;
  return mediaType && ACCEPTED_MEDIA_TYPES[kind].includes(mediaType) ? mediaType : undefined;
}
