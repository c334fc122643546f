/**
 * The files of the validator page, served under /validate/assets/ with content-hashed names: the
 * page's script and style, the signing page's base style, and the altcha widget's files.
 */
import { ALTCHA_WIDGET_FILES, type AltchaWidgetKey } from '../botcheck/altcha-widget-files.js';
import { CSS, hashedAssets, JAVASCRIPT, type HashedAssets } from '../sign-app/sign-app-assets.js';

export const VALIDATOR_ASSETS_PATH = '/validate/assets';

export type ValidatorAssetKey = 'script' | 'style' | 'baseStyle' | AltchaWidgetKey;

export function loadValidatorAssets(): HashedAssets<ValidatorAssetKey> {
  return hashedAssets<ValidatorAssetKey>(VALIDATOR_ASSETS_PATH, [
    { key: 'script', path: 'src/modules/validator/assets/validator-page.js', contentType: JAVASCRIPT },
    { key: 'style', path: 'src/modules/validator/assets/validator-page.css', contentType: CSS },
    { key: 'baseStyle', path: 'src/modules/sign-app/assets/sign-app.css', contentType: CSS },
    ...ALTCHA_WIDGET_FILES,
  ]);
}
