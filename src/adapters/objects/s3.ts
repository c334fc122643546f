/** An S3-compatible store (EU region), the production object store. */
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateBucketCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import type { ObjectStore } from '../../ports/objects.js';
import { assertObjectKey } from './object-key.js';

export interface S3Config {
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

function client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    // Custom endpoints (MinIO, s3rver, most EU providers) address buckets by path.
    forcePathStyle: config.endpoint !== undefined,
    credentials: config.accessKeyId && config.secretAccessKey ? { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } : undefined,
    // Without these the SDK sends aws-chunked bodies that non-AWS servers store with the framing in them.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
  });
}

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
}

/** Parts of a streamed upload: above S3's 5 MiB minimum, and the most one upload holds in memory. */
const PART_BYTES = 8 * 1024 * 1024;

/**
 * Uploads a stream as a multipart upload, one part in memory at a time; a stream shorter than a
 * part is one plain PUT. A failure aborts the upload, so no parts are left behind to pay for.
 */
async function putStreamed(s3: S3Client, Bucket: string, Key: string, body: Readable, ContentType: string): Promise<{ size: number }> {
  let uploadId: string | undefined;
  const parts: { ETag: string | undefined; PartNumber: number }[] = [];
  let chunks: Buffer[] = [];
  let buffered = 0;
  let size = 0;
  const sendPart = async () => {
    uploadId ??= (await s3.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }))).UploadId;
    const PartNumber = parts.length + 1;
    const Body = Buffer.concat(chunks, buffered);
    chunks = [];
    buffered = 0;
    const res = await s3.send(new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body, ContentLength: Body.length }));
    parts.push({ ETag: res.ETag, PartNumber });
  };
  try {
    for await (const chunk of body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      buffered += chunk.length;
      size += chunk.length;
      if (buffered >= PART_BYTES) await sendPart();
    }
    if (uploadId === undefined) {
      const Body = Buffer.concat(chunks, buffered);
      await s3.send(new PutObjectCommand({ Bucket, Key, Body, ContentType, ContentLength: Body.length }));
      return { size };
    }
    if (buffered > 0) await sendPart();
    await s3.send(new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }));
    return { size };
  } catch (error) {
    if (uploadId !== undefined) await s3.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => undefined);
    throw error;
  }
}

/** Opens the store on an existing bucket. */
export function createS3ObjectStore(config: S3Config): ObjectStore {
  const s3 = client(config);
  const Bucket = config.bucket;
  return {
    async put(key, body, { contentType }) {
      assertObjectKey(key);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
    },
    async putStream(key, body, { contentType }) {
      assertObjectKey(key);
      return putStreamed(s3, Bucket, key, body, contentType);
    },
    async getStream(key) {
      assertObjectKey(key);
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        return { body: res.Body as Readable, contentType: res.ContentType ?? 'application/octet-stream', size: res.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async version(key) {
      assertObjectKey(key);
      try {
        const res = await s3.send(new HeadObjectCommand({ Bucket, Key: key }));
        return `${res.ETag ?? ''}:${res.VersionId ?? ''}:${res.LastModified?.getTime() ?? ''}:${res.ContentLength ?? ''}`;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async get(key) {
      assertObjectKey(key);
      try {
        const res = await s3.send(new GetObjectCommand({ Bucket, Key: key }));
        const body = Buffer.from(await res.Body!.transformToByteArray());
        return { body, contentType: res.ContentType ?? 'application/octet-stream', size: body.length };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      assertObjectKey(key);
      await s3.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async ping() {
      await s3.send(new HeadBucketCommand({ Bucket }));
    },
    async close() {
      s3.destroy();
    },
  };
}

/** Creates the bucket when it does not exist yet (first deployment, tests). */
export async function createBucketIfMissing(config: S3Config): Promise<void> {
  const s3 = client(config);
  try {
    await s3.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    if (!isMissing(error)) throw error;
    await s3.send(new CreateBucketCommand({ Bucket: config.bucket }));
  } finally {
    s3.destroy();
  }
}
