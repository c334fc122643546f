/** An S3-compatible store (EU region), the production object store. */
import { CreateBucketCommand, DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
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

/** Opens the store on an existing bucket. */
export function createS3ObjectStore(config: S3Config): ObjectStore {
  const s3 = client(config);
  const Bucket = config.bucket;
  return {
    async put(key, body, { contentType }) {
      assertObjectKey(key);
      await s3.send(new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType, ContentLength: body.length }));
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
