/**
 * The page's script and style sheet, read once and served under names that carry their content
 * hash (`sign-app.3f9a1c2b.js`): a browser may keep them a year, and a new release is a new name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { projectRoot } from '../../core/project-root.js';
import type { PageAssets } from './render-sign-page.js';

export const SIGN_ASSETS_PATH = '/sign/assets';

export interface Asset {
  body: Buffer;
  contentType: string;
}

export interface HashedAssets<K extends string> {
  /** The URL of each file, under its hashed name. */
  urls: Record<K, string>;
  byName: Map<string, Asset>;
}

export type SignAppAssets = HashedAssets<keyof PageAssets>;

export const JS = 'text/javascript; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';

/**
 * Reads `files` (paths from the project root: from the sources in development and from dist/
 * alike, the files are not compiled) and names each `<name>.<hash>.<ext>` under `urlPath`.
 */
export function loadHashedAssets<K extends string>(urlPath: string, files: ReadonlyArray<{ key: K; path: string; contentType: string }>): HashedAssets<K> {
  const byName = new Map<string, Asset>();
  const urls = {} as Record<K, string>;
  for (const { key, path, contentType } of files) {
    const body = readFileSync(join(projectRoot(), path));
    const name = basename(path).replace(/\.(\w+)$/, `.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.$1`);
    byName.set(name, { body, contentType });
    urls[key] = `${urlPath}/${name}`;
  }
  return { urls, byName };
}

const FOLDER = 'src/modules/sign-app/assets';

export function loadSignAppAssets(): SignAppAssets {
  return loadHashedAssets(SIGN_ASSETS_PATH, [
    { key: 'pad', path: `${FOLDER}/signature-pad.js`, contentType: JS },
    { key: 'script', path: `${FOLDER}/sign-app.js`, contentType: JS },
    { key: 'style', path: `${FOLDER}/sign-app.css`, contentType: CSS },
  ]);
}
