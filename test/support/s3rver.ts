/**
 * A real S3-speaking server for tests (s3rver, in-process, random port, temporary folder), so the
 * S3 adapter is tested over the S3 protocol rather than against a mock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { createBucketIfMissing, type S3Config } from '../../src/adapters/objects/s3.js';

export interface RunningS3 extends S3Config {
  endpoint: string;
  close(): Promise<void>;
}

export async function startS3rver(bucket = 'fds-test'): Promise<RunningS3> {
  const directory = mkdtempSync(join(tmpdir(), 'fds-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory });
  const address = (await server.run()) as unknown as { port: number };
  const config: S3Config = { endpoint: `http://127.0.0.1:${address.port}`, region: 'eu-central-1', bucket, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  await createBucketIfMissing(config);
  let closed: Promise<void> | undefined;
  return {
    ...config,
    endpoint: config.endpoint!,
    close() {
      closed ??= server.close().then(() => rmSync(directory, { recursive: true, force: true }));
      return closed;
    },
  };
}
