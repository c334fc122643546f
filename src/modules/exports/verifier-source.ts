/**
 * The text of verify.mjs as it goes into every export: the tested file
 * src/modules/exports/verifier/verify.mjs, copied byte for byte (test/export/verify.test.ts runs it).
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { projectRoot } from '../../core/project-root.js';

export const VERIFIER_PATH = join(projectRoot(), 'src', 'modules', 'exports', 'verifier', 'verify.mjs');

let cached: Promise<Buffer> | undefined;

export function verifierSource(): Promise<Buffer> {
  cached ??= readFile(VERIFIER_PATH);
  return cached;
}
