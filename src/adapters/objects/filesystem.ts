/**
 * The embedded object store: files under DATA_DIR/objects, the content type in a sidecar file.
 * Writes go to a temporary file that is renamed into place, so a crash never leaves half an object.
 */
import { randomBytes } from 'node:crypto';
import { access, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { constants } from 'node:fs';
import { dirname, join } from 'node:path';
import type { ObjectStore } from '../../ports/objects.js';
import { assertObjectKey } from './object-key.js';

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

  return {
    async put(key, body, { contentType }) {
      const file = pathOf(key);
      await mkdir(dirname(file), { recursive: true });
      // The sidecar first: an object is only visible once its data file exists.
      await atomicWrite(`${file}.meta.json`, JSON.stringify({ contentType }));
      await atomicWrite(file, body);
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
