/**
 * The page's script and style sheet, read once and served under names that carry their content
 * hash (`sign-app.3f9a1c2b.js`): a browser may keep them a year, and a new release is a new name.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../core/project-root.js';
import type { PageAssets } from './render-sign-page.js';

export const SIGN_ASSETS_PATH = '/sign/assets';

export interface Asset {
  body: Buffer;
  contentType: string;
}

export interface SignAppAssets {
  urls: PageAssets;
  byName: Map<string, Asset>;
}

const FILES = [
  { key: 'pad', file: 'signature-pad.js', contentType: 'text/javascript; charset=utf-8' },
  { key: 'script', file: 'sign-app.js', contentType: 'text/javascript; charset=utf-8' },
  { key: 'style', file: 'sign-app.css', contentType: 'text/css; charset=utf-8' },
] as const;

export function loadSignAppAssets(): SignAppAssets {
  // From the sources in development and from dist/ alike: the files are not compiled.
  const folder = join(projectRoot(), 'src', 'modules', 'sign-app', 'assets');
  const byName = new Map<string, Asset>();
  const urls = {} as PageAssets;
  for (const { key, file, contentType } of FILES) {
    const body = readFileSync(join(folder, file));
    const name = file.replace(/\.(\w+)$/, `.${createHash('sha256').update(body).digest('hex').slice(0, 12)}.$1`);
    byName.set(name, { body, contentType });
    urls[key] = `${SIGN_ASSETS_PATH}/${name}`;
  }
  return { urls, byName };
}
