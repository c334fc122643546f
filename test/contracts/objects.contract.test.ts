/** One contract for the objects port: the file system always, S3 over the S3 protocol (s3rver). */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFileSystemObjectStore } from '../../src/adapters/objects/filesystem.js';
import { createS3ObjectStore } from '../../src/adapters/objects/s3.js';
import type { ObjectStore } from '../../src/ports/objects.js';
import { startS3rver, type RunningS3 } from '../support/s3rver.js';

interface Fixture {
  store: ObjectStore;
  close(): Promise<void>;
}

const adapters: [string, () => Promise<Fixture>][] = [
  [
    'filesystem',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'fds-objects-'));
      return { store: createFileSystemObjectStore(join(dir, 'objects')), close: async () => rmSync(dir, { recursive: true, force: true }) };
    },
  ],
  [
    's3 (s3rver)',
    async () => {
      const s3: RunningS3 = await startS3rver();
      const store = createS3ObjectStore(s3);
      return {
        store,
        close: async () => {
          await store.close();
          await s3.close();
        },
      };
    },
  ],
];

describe.each(adapters)('objects contract: %s', (_name, make) => {
  let f: Fixture;
  beforeAll(async () => {
    f = await make();
  });
  afterAll(() => f.close());

  it('stores and returns binary data byte for byte, with its content type', async () => {
    const body = randomBytes(1024 * 1024);
    await f.store.put('org_1/test/doc_1.pdf', body, { contentType: 'application/pdf' });
    const got = await f.store.get('org_1/test/doc_1.pdf');
    expect(got?.contentType).toBe('application/pdf');
    expect(got?.size).toBe(body.length);
    expect(got?.body.equals(body)).toBe(true);
  });

  it('overwrites, deletes, and answers null for what is not there', async () => {
    await f.store.put('a/b.txt', Buffer.from('one'), { contentType: 'text/plain' });
    await f.store.put('a/b.txt', Buffer.from('two'), { contentType: 'text/plain' });
    expect((await f.store.get('a/b.txt'))?.body.toString()).toBe('two');
    await f.store.delete('a/b.txt');
    await f.store.delete('a/never.txt');
    expect(await f.store.get('a/b.txt')).toBeNull();
    expect(await f.store.get('nothing/here')).toBeNull();
  });

  it('names the stored bytes by a version that changes when other bytes are written, without reading them', async () => {
    expect(await f.store.version('a/versioned.pdf')).toBeNull();
    await f.store.put('a/versioned.pdf', Buffer.from('sealed one'), { contentType: 'application/pdf' });
    const first = await f.store.version('a/versioned.pdf');
    expect(first).toEqual(expect.any(String));
    expect(await f.store.version('a/versioned.pdf')).toBe(first);
    // Other bytes of the same length, as a tampered file would be.
    await f.store.put('a/versioned.pdf', Buffer.from('sealed two'), { contentType: 'application/pdf' });
    const second = await f.store.version('a/versioned.pdf');
    expect(second).toEqual(expect.any(String));
    expect(second).not.toBe(first);
    await f.store.delete('a/versioned.pdf');
    expect(await f.store.version('a/versioned.pdf')).toBeNull();
  });

  it('streams an object in and out across several multipart parts, and a short one as one put', async () => {
    const body = randomBytes(17 * 1024 * 1024 + 123);
    const chunks = function* () {
      for (let i = 0; i < body.length; i += 1024 * 1024) yield body.subarray(i, i + 1024 * 1024);
    };
    expect(await f.store.putStream('org_1/test/exports/big.zip', Readable.from(chunks()), { contentType: 'application/zip' })).toEqual({ size: body.length });
    const got = await f.store.getStream('org_1/test/exports/big.zip');
    expect(got?.contentType).toBe('application/zip');
    expect(got?.size).toBe(body.length);
    const read: Buffer[] = [];
    for await (const chunk of got!.body) read.push(chunk as Buffer);
    expect(Buffer.concat(read).equals(body)).toBe(true);
    await f.store.putStream('a/small.txt', Readable.from([Buffer.from('small')]), { contentType: 'text/plain' });
    expect((await f.store.get('a/small.txt'))?.body.toString()).toBe('small');
    expect(await f.store.getStream('nothing/here')).toBeNull();
  });

  it('leaves nothing behind when the stream fails', async () => {
    const failing = new Readable({
      read() {
        this.destroy(new Error('source broke'));
      },
    });
    await expect(f.store.putStream('a/broken.bin', failing, { contentType: 'application/octet-stream' })).rejects.toThrow(/source broke/);
    expect(await f.store.get('a/broken.bin')).toBeNull();
  });

  it('refuses keys that could leave the store', async () => {
    for (const key of ['../x', '/abs', '', 'a/../b', 'a//b', 'a\\b']) {
      await expect(f.store.put(key, Buffer.from('x'), { contentType: 'text/plain' }), key).rejects.toThrow(/invalid object key/);
    }
  });

  it('ping answers', async () => {
    await expect(f.store.ping()).resolves.toBeUndefined();
  });
});

describe('s3 adapter when the server is down', () => {
  it('ping rejects', async () => {
    const store = createS3ObjectStore({ endpoint: 'http://127.0.0.1:1', region: 'eu-central-1', bucket: 'x', accessKeyId: 'a', secretAccessKey: 'b' });
    await expect(store.ping()).rejects.toThrow();
    await store.close();
  });
});
