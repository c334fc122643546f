/**
 * The contact page's files: its script and style (with the signing page's style sheet as the
 * base), and the altcha widget from node_modules (not committed): its `dist/external` build, which
 * brings no inline styles or workers, its style sheet, and the PBKDF2 worker it runs the proof of
 * work in (registered by the page's script), so the page keeps a strict CSP.
 */
import { CSS, JS, loadHashedAssets, type HashedAssets } from '../sign-app/sign-app-assets.js';

export const CONTACT_ASSETS_PATH = '/contact/assets';

export type ContactAssetKey = 'baseStyle' | 'style' | 'script' | 'widget' | 'widgetStyle' | 'worker';

export function loadContactAssets(): HashedAssets<ContactAssetKey> {
  return loadHashedAssets(CONTACT_ASSETS_PATH, [
    { key: 'baseStyle', path: 'src/modules/sign-app/assets/sign-app.css', contentType: CSS },
    { key: 'style', path: 'src/modules/contact/assets/contact-page.css', contentType: CSS },
    { key: 'script', path: 'src/modules/contact/assets/contact-page.js', contentType: JS },
    { key: 'widget', path: 'node_modules/altcha/dist/external/altcha.min.js', contentType: JS },
    { key: 'widgetStyle', path: 'node_modules/altcha/dist/external/altcha.css', contentType: CSS },
    { key: 'worker', path: 'node_modules/altcha/dist/workers/pbkdf2.js', contentType: JS },
  ]);
}
