/**
 * The driver app's files: the page's script, its outbox, its style sheet and the signing page's
 * signature pad (one file, shared), under content-hashed names like the signing page's; and the
 * service worker, which must keep one name (a browser checks that URL for updates), so it is
 * served as its script prefixed with what changes with a release: the cache's version and the
 * list of files to keep for use without signal.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { projectRoot } from '../../core/project-root.js';
import { CSS, hashedAssets, JAVASCRIPT, type HashedAssets } from '../sign-app/sign-app-assets.js';
import type { DriverPageAssets } from './render-driver-page.js';

export const DRIVER_APP_PATH = '/driver';
export const DRIVER_ASSETS_PATH = '/driver/assets';
export const DRIVER_WORKER_PATH = '/driver/sw.js';

export type DriverAppAssets = HashedAssets<keyof DriverPageAssets> & { worker: Buffer };

// From the sources in development and from dist/ alike: the files are not compiled.
const folder = 'src/modules/driver-app/assets';

export function loadDriverAppAssets(): DriverAppAssets {
  const assets = hashedAssets(DRIVER_ASSETS_PATH, [
    { key: 'pad', path: 'src/modules/sign-app/assets/signature-pad.js', contentType: JAVASCRIPT },
    { key: 'queue', path: `${folder}/driver-queue.js`, contentType: JAVASCRIPT },
    { key: 'views', path: `${folder}/driver-views.js`, contentType: JAVASCRIPT },
    { key: 'script', path: `${folder}/driver-app.js`, contentType: JAVASCRIPT },
    { key: 'style', path: `${folder}/driver-app.css`, contentType: CSS },
  ]);
  const script = readFileSync(join(projectRoot(), folder, 'driver-sw.js'), 'utf8');
  const files = Object.values(assets.urls) as string[];
  const version = createHash('sha256').update(script).update(files.join('\n')).digest('hex').slice(0, 12);
  const config = { version, shell: DRIVER_APP_PATH, files, queue: assets.urls.queue };
  const worker = Buffer.from(`self.DRIVER_APP = ${JSON.stringify(config)};\n${script}`);
  return { ...assets, worker };
}
