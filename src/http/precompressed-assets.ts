/**
 * A page's hashed files compressed once, when the service starts, at the best Brotli and gzip
 * quality: what a phone fetches on a slow network is as small as it gets, and no request pays
 * for compressing it. Small files stay as they are (the same threshold as dynamic answers).
 * The compression runs on libuv's threads while the service starts (at the best quality it took
 * seconds of the start's event loop); a request arriving before it is done waits for it.
 */
import negotiate from '@fastify/accept-negotiator';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { COMPRESS_THRESHOLD_BYTES } from './compression.js';

export type AssetEncoding = 'br' | 'gzip';
export type EncodedVariants = Partial<Record<AssetEncoding, Buffer>>;

const ENCODINGS: AssetEncoding[] = ['br', 'gzip'];

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * The Brotli and gzip variants of `body`, each only where it is smaller than the body. Never
 * rejects (it runs unawaited until a request asks): a failed compression serves the file as it is.
 */
export async function precompress(body: Buffer): Promise<EncodedVariants> {
  if (body.length < COMPRESS_THRESHOLD_BYTES) return {};
  const compressed = await Promise.all([
    brotliAsync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
    gzipAsync(body, { level: 9 }),
  ]).catch(() => undefined);
  if (!compressed) return {};
  const variants: EncodedVariants = { br: compressed[0], gzip: compressed[1] };
  for (const encoding of ENCODINGS) if (variants[encoding]!.length >= body.length) delete variants[encoding];
  return variants;
}

/** The variant the request's Accept-Encoding prefers among those there are, if any. */
export function pickEncoding(acceptEncoding: string | undefined, variants: EncodedVariants): AssetEncoding | undefined {
  if (!acceptEncoding) return undefined;
  const offered = ENCODINGS.filter((encoding) => variants[encoding]);
  if (offered.length === 0) return undefined;
  const chosen = negotiate(acceptEncoding, [...offered, 'identity']);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}
