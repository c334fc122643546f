/**
 * The page's script and style sheet, read once and served under names that carry their content
 * hash (`sign-app.3f9a1c2b.js`): a browser may keep them a year, and a new release is a new name.
 * `hashedAssets` serves other pages' files the same way (the public validator's).
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
  urls: Record<K, string>;
  byName: Map<string, Asset>;
}

export type SignAppAssets = HashedAssets<keyof PageAssets>;

export const JAVASCRIPT = 'text/javascript; charset=utf-8';
export const CSS = 'text/css; charset=utf-8';

/** Files (paths from the project root) read once and named by content hash under `urlPath`. */
export function hashedAssets<K extends string>(urlPath: string, files: readonly { key: K; path: string; contentType: string }[]): HashedAssets<K> {
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

// From the sources in development and from dist/ alike: the files are not compiled.
const folder = 'src/modules/sign-app/assets';

export function loadSignAppAssets(): SignAppAssets {
  return hashedAssets(SIGN_ASSETS_PATH, [
    { key: 'pad', path: `${folder}/signature-pad.js`, contentType: JAVASCRIPT },
    { key: 'photos', path: `${folder}/remark-photos.js`, contentType: JAVASCRIPT },
    { key: 'api', path: `${folder}/sign-api.js`, contentType: JAVASCRIPT },
    { key: 'otp', path: `${folder}/otp-step.js`, contentType: JAVASCRIPT },
    { key: 'disposal', path: `${folder}/disposal-form.js`, contentType: JAVASCRIPT },
    { key: 'script', path: `${folder}/sign-app.js`, contentType: JAVASCRIPT },
    { key: 'copy', path: `${folder}/signer-copy.js`, contentType: JAVASCRIPT },
    { key: 'copyDisposal', path: `${folder}/copy-disposal.js`, contentType: JAVASCRIPT },
    { key: 'style', path: `${folder}/sign-app.css`, contentType: CSS },
  ]);
}
