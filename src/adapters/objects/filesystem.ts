/**
 * The embedded object store: files under DATA_DIR/objects, the content type in a sidecar file.
 * Writes go to a temporary file that is renamed into place, so a crash never leaves half an object.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { constants, createReadStream, createWriteStream, writeFile as writeFileWithCallback } from 'node:fs';
import { promisify } from 'node:util';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { dirname, join } from 'node:path';
import type { ObjectStore } from '../../ports/objects.js';
import { assertObjectKey } from './object-key.js';

/**
 * fs's callback writeFile on plain file descriptors: for a PDF of a few dozen KB it costs the event
 * loop about half the CPU of fs/promises' writeFile (FileHandle objects, a promise per step), and
 * finishes in a third of the time.
 */
const writeFileCallback = promisify(writeFileWithCallback);

/** Stores objects below `rootDir`, creating it on first use. */
export function createFileSystemObjectStore(rootDir: string): ObjectStore {
  const pathOf = (key: string) => {
    assertObjectKey(key);
    return join(rootDir, key);
  };
  const atomicWrite = async (file: string, data: Buffer | string) => {
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, file);
  };
  /** Writes `data` beside `file` under a temporary name, to be renamed into place; removed again when the write fails. */
  const tempWrite = async (file: string, data: Buffer | string) => {
    const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
    try {
      await writeFileCallback(tmp, data);
    } catch (error) {
      await rm(tmp, { force: true });
      throw error;
    }
    return tmp;
  };

  return {
    async put(key, body, { contentType }) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      // Both written at once, then renamed into place sidecar first: an object is only visible once its data file exists.
      const written = await Promise.allSettled([tempWrite(`${file}.meta.json`, JSON.stringify({ contentType })), tempWrite(file, body)]);
      const failed = written.find((w) => w.status === 'rejected');
      if (failed) {
        await Promise.all(written.map((w) => (w.status === 'fulfilled' ? rm(w.value, { force: true }) : undefined)));
        throw failed.reason;
      }
      const [meta, data] = written.map((w) => (w as PromiseFulfilledResult<string>).value) as [string, string];
      await rename(meta, `${file}.meta.json`);
      await rename(data, file);
    },
    async putStream(key, body, { contentType }) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      await atomicWrite(`${file}.meta.json`, JSON.stringify({ contentType }));
      const tmp = `${file}.${randomBytes(6).toString('hex')}.tmp`;
      let size = 0;
      const count = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          done(null, chunk);
        },
      });
      try {
        await pipeline(body, count, createWriteStream(tmp));
      } catch (error) {
        await rm(tmp, { force: true });
        throw error;
      }
      await rename(tmp, file);
      return { size };
    },
    async getStream(key) {
      const file = pathOf(key);
      try {
        const [info, meta] = await Promise.all([stat(file), readFile(`${file}.meta.json`, 'utf8')]);
        return { body: createReadStream(file), contentType: (JSON.parse(meta) as { contentType: string }).contentType, size: info.size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async version(key) {
      try {
        // Every put renames a new file into place (a new inode); a write in place behind the store's
        // back moves the change time, which no one can set back.
        const info = await stat(pathOf(key), { bigint: true });
        return `${info.size}:${info.ino}:${info.mtimeNs}:${info.ctimeNs}`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async get(key) {
      const file = pathOf(key);
      try {
        const [body, meta] = await Promise.all([readFile(file), readFile(`${file}.meta.json`, 'utf8')]);
        return { body, contentType: (JSON.parse(meta) as { contentType: string }).contentType, size: body.length };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async delete(key) {
      const file = pathOf(key);
      await rm(file, { force: true });
      await rm(`${file}.meta.json`, { force: true });
    },
    async ping() {
      await mkdir(rootDir, { recursive: true });
      await access(rootDir, constants.W_OK);
    },
    async close() {},
  };
}
