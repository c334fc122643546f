/**
 * Compressed answers for clients on slow networks: Brotli or gzip as the request's Accept-Encoding
 * prefers, for text the service writes (HTML, scripts, style sheets, JSON including problems, XML
 * including SVG), above COMPRESS_THRESHOLD_BYTES (below it the headers cost more than they save).
 * Files that are compressed already (PDF, images, zip) and partial answers go as they are.
 *
 * Brotli at quality 4: close to gzip's cost, so a large JSON list does not hold the event loop,
 * while still smaller than gzip (bench/driver-first-load.bench.ts measures both). The pages' own
 * hashed files are compressed once at the highest quality when the service starts instead
 * (src/http/precompressed-assets.ts). Request bodies are not decompressed: a body's size limit
 * stays the limit of what the service reads.
 */
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { constants } from 'node:zlib';

export const COMPRESS_THRESHOLD_BYTES = 1024;
export const DYNAMIC_BROTLI_QUALITY = 4;
/** Up to this size an answer is compressed in one call (well under a millisecond), and keeps a Content-Length; larger ones stream through zlib's threads. */
export const SYNC_COMPRESS_MAX_BYTES = 16 * 1024;

const COMPRESSIBLE = /^(?:text\/(?:html|css|javascript|plain|csv|xml)|application\/(?:json|problem\+json|[\w.-]+\+json|xml|problem\+xml|[\w.-]+\+xml|javascript|x-ndjson)|image\/svg\+xml)\s*(?:;|$)/i;

/** Whether answers of this Content-Type are worth compressing (never already-compressed formats). */
export function compressibleType(contentType: string): boolean {
  return COMPRESSIBLE.test(contentType.trim());
}

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    syncThreshold: SYNC_COMPRESS_MAX_BYTES,
    customTypes: compressibleType,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: DYNAMIC_BROTLI_QUALITY } },
    zlibOptions: { level: 6 },
    globalDecompression: false,
  });
  // A cache must keep one copy per encoding of whatever could have been compressed, also when
  // this request took it uncompressed (identity, or an old client).
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || !compressibleType(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (reply.statusCode === 206) return payload;
    const vary = String(reply.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) reply.header('vary', vary ? `${vary}, accept-encoding` : 'accept-encoding');
    return payload;
  });
}
