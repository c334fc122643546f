/**
 * File upload bodies (`POST /v1/shipments/{id}/documents`), parsed before the handler runs (so the
 * Idempotency-Key fingerprint covers the file): `multipart/form-data` with the fields `kind` and
 * `file` (in any order), or the file itself as the body with its own media type and `?kind=`.
 * Registered in the uploading routes' scope only: every other route keeps answering 415 to them.
 *
 * The parsed body is `{ kind, filename, size, sha256 }` with the bytes on a non-enumerable
 * property: a fingerprint or a log of the body sees the file's digest, never its bytes.
 */
import { createHash } from 'node:crypto';
import { Busboy } from '@fastify/busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../core/errors.js';
import { finding } from '../core/findings.js';

/** Media types a raw upload may declare; what the bytes are is decided by sniffing them. */
export const RAW_UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png', 'image/heic', 'image/heif', 'image/webp', 'application/octet-stream'] as const;

export interface UploadBody {
  kind?: string;
  filename?: string;
  size: number;
  sha256: string;
  readonly bytes: Buffer;
}

function uploadBody(fields: { kind?: string; filename?: string }, bytes: Buffer): UploadBody {
  const body = { ...fields, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') };
  return Object.defineProperty(body, 'bytes', { value: bytes, enumerable: false }) as UploadBody;
}

export function isUploadBody(value: unknown): value is UploadBody {
  return typeof value === 'object' && value !== null && Buffer.isBuffer((value as UploadBody).bytes);
}

const tooLarge = (maxBytes: number) => new AppError('payload_too_large', `The file is larger than ${maxBytes / (1024 * 1024)} MiB.`);

const unreadable = (error: Error) => new AppError('bad_request', `The multipart body could not be read: ${error.message}`);

function parseMultipart(request: FastifyRequest, payload: NodeJS.ReadableStream, maxBytes: number): Promise<UploadBody> {
  return new Promise((resolve, reject) => {
    const fields: { kind?: string; filename?: string } = {};
    let bytes: Buffer | undefined;
    let failed = false;
    const fail = (error: AppError) => {
      if (failed) return;
      failed = true;
      payload.unpipe(busboy);
      payload.resume();
      reject(error);
    };
    let busboy: ReturnType<typeof Busboy>;
    try {
      busboy = Busboy({ headers: request.headers as { 'content-type': string }, limits: { files: 1, fields: 10, fileSize: maxBytes, fieldSize: 1000, parts: 12 } });
    } catch (error) {
      // Busboy refuses a multipart Content-Type without a boundary as it starts, not as it reads.
      payload.resume();
      reject(unreadable(error as Error));
      return;
    }
    busboy.on('field', (name, value) => {
      if (name === 'kind') fields.kind = value;
    });
    busboy.on('file', (name, stream, filename) => {
      if (name !== 'file') {
        stream.resume();
        return;
      }
      fields.filename = filename;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge(maxBytes)));
      // A body that ends inside the file (no closing boundary) errors the file's stream as well as
      // busboy: without this listener that error would be uncaught and take the process down.
      stream.on('error', (error: Error) => fail(unreadable(error)));
      stream.on('end', () => {
        bytes = Buffer.concat(chunks);
      });
    });
    busboy.on('filesLimit', () => fail(new AppError('validation_failed', 'Send one file per upload.', { errors: [finding('file', 'too_many_items', { limit: 1 })] })));
    busboy.on('error', (error: Error) => fail(unreadable(error)));
    // The client went away before the body ended: nobody is left to answer, but the parse must end.
    payload.on('error', (error: Error) => fail(unreadable(error)));
    // Fastify enforces the route's body limit only on the bodies it reads itself; busboy would skip an
    // endless preamble or epilogue without a limit of its own.
    let received = 0;
    payload.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > request.routeOptions.bodyLimit) fail(new AppError('payload_too_large', 'The request body is larger than this route accepts.'));
    });
    busboy.on('finish', () => {
      if (failed) return;
      if (!bytes) {
        reject(new AppError('validation_failed', 'The upload has no file: send it in the form field `file`.', { errors: [finding('file', 'required', { field: 'file' })] }));
        return;
      }
      resolve(uploadBody(fields, bytes));
    });
    payload.pipe(busboy);
  });
}

/** Parses uploads of at most `maxBytes` in `scope` (an encapsulated route plugin). */
export function registerUploadParsers(scope: FastifyInstance, maxBytes: number): void {
  scope.addContentTypeParser('multipart/form-data', (request, payload, done) => {
    parseMultipart(request, payload, maxBytes).then((body) => done(null, body), (error: Error) => done(error));
  });
  // The route's body limit leaves room for multipart framing; a raw body is the file alone.
  scope.addContentTypeParser([...RAW_UPLOAD_TYPES], { parseAs: 'buffer' }, (request, bytes, done) => {
    if ((bytes as Buffer).length > maxBytes) return done(tooLarge(maxBytes));
    const { kind, filename } = (request.query ?? {}) as { kind?: string; filename?: string };
    done(null, uploadBody({ kind, filename }, bytes as Buffer));
  });
}
