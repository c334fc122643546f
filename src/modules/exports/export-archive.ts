/**
 * The zip of an export, written as it is read: each file is streamed through a SHA-256 into the
 * zip (yazl), and the zip through another SHA-256 into the object store's streamed put. Files are
 * added one at a time and each is awaited to its end, so memory holds one chunk of one file plus
 * the zip's central directory (about a hundred bytes a file), whatever the export's size.
 * Deflating runs on libuv's thread pool, not on the event loop.
 */
import { createHash } from 'node:crypto';
import { Readable, Transform } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { ObjectStore } from '../../ports/objects.js';

export interface WrittenFile {
  path: string;
  sha256: string;
  size: number;
}

/** A pass-through that keeps the SHA-256 and length of what went through. */
function digesting(): { stream: Transform; result: () => { sha256: string; size: number } } {
  const hash = createHash('sha256');
  let size = 0;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      size += chunk.length;
      done(null, chunk);
    },
  });
  return { stream, result: () => ({ sha256: hash.digest('hex'), size }) };
}

export class ExportArchive {
  private readonly zip = new yazl.ZipFile();
  private readonly out = digesting();
  private readonly upload: Promise<{ size: number }>;
  /** Rejects as soon as the zip or its upload fails, so a file being added does not wait forever. */
  private readonly broken: Promise<never>;

  constructor(
    objects: ObjectStore,
    readonly objectKey: string,
    private readonly mtime: Date,
  ) {
    this.upload = objects.putStream(objectKey, this.zip.outputStream.pipe(this.out.stream), { contentType: 'application/zip' });
    this.broken = new Promise<never>((_, reject) => {
      this.upload.catch(reject);
      this.zip.outputStream.on('error', reject);
    });
    this.broken.catch(() => undefined);
  }

  /** Streams `body` into the zip as `path`; resolves when all of it is in, with its digest. */
  async add(path: string, body: Readable | AsyncIterable<Buffer> | Buffer, options: { compress: boolean }): Promise<WrittenFile> {
    const input = body instanceof Readable ? body : Readable.from(Buffer.isBuffer(body) ? [body] : body);
    const file = digesting();
    const piped = pipeline(input, file.stream);
    this.zip.addReadStreamLazy(path, { mtime: this.mtime, compress: options.compress }, (cb) => cb(null, file.stream));
    await Promise.race([Promise.all([piped, finished(file.stream)]), this.broken]);
    return { path, ...file.result() };
  }

  /** Closes the zip and waits for the store to hold all of it. */
  async finish(): Promise<{ size: number; sha256: string }> {
    this.zip.end();
    await Promise.race([this.upload, this.broken]);
    return this.out.result();
  }

  /** Stops writing: the store drops what it received (no half zip is ever visible). */
  abort(error: Error): void {
    this.out.stream.destroy(error);
  }
}
