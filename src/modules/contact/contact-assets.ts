/**
 * The contact page's files, served under /contact/assets/ with content-hashed names: its script and
 * style (with the signing page's style sheet as the base), and the altcha widget's files, so the
 * page keeps a strict CSP.
 */
import { ALTCHA_WIDGET_FILES, type AltchaWidgetKey } from '../botcheck/altcha-widget-files.js';
import { CSS, hashedAssets, JAVASCRIPT, type HashedAssets } from '../sign-app/sign-app-assets.js';

export const CONTACT_ASSETS_PATH = '/contact/assets';

export type ContactAssetKey = 'baseStyle' | 'style' | 'script' | AltchaWidgetKey;

export function loadContactAssets(): HashedAssets<ContactAssetKey> {
  return hashedAssets<ContactAssetKey>(CONTACT_ASSETS_PATH, [
    { key: 'baseStyle', path: 'src/modules/sign-app/assets/sign-app.css', contentType: CSS },
    { key: 'style', path: 'src/modules/contact/assets/contact-page.css', contentType: CSS },
    { key: 'script', path: 'src/modules/contact/assets/contact-page.js', contentType: JAVASCRIPT },
    ...ALTCHA_WIDGET_FILES,
  ]);
}
