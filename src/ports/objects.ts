/**
 * Objects port: PDFs, photos and attachments. An S3-compatible store (EU region) in production,
 * the local file system under DATA_DIR as the embedded default; both pass
 * `test/contracts/objects.contract.test.ts`. Keys are relative paths such as `org_…/test/doc_….pdf`.
 */
import type { Readable } from 'node:stream';

export interface StoredObject {
  body: Buffer;
  contentType: string;
  size: number;
}

export interface StreamedObject {
  body: Readable;
  contentType: string;
  size: number;
}

export interface ObjectStore {
  /** Writes (or overwrites) the object under `key`. */
  put(key: string, body: Buffer, options: { contentType: string }): Promise<void>;
  /**
   * Writes the object from a stream without holding it whole (an export of gigabytes): the object
   * appears only once the stream has ended, never half written. Resolves with its size in bytes.
   */
  putStream(key: string, body: Readable, options: { contentType: string }): Promise<{ size: number }>;
  /** The object under `key`, or null when there is none. */
  get(key: string): Promise<StoredObject | null>;
  /**
   * What names the bytes now under `key` without reading them (opaque; what the store already keeps:
   * a file's size, inode and change times, an S3 ETag): it changes when other bytes are written
   * there, by this store or behind its back, so a check of those bytes can be kept until it does
   * (the inspection's seal verdict). Null when there is no object.
   */
  version(key: string): Promise<string | null>;
  /** The object's bytes as a stream (not read into memory), or null when there is none. */
  getStream(key: string): Promise<StreamedObject | null>;
  /** Removes the object; absent keys are fine. */
  delete(key: string): Promise<void>;
  /** Rejects when the store cannot be reached or written. */
  ping(): Promise<void>;
  close(): Promise<void>;
}
