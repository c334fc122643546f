/**
 * The files of the validator page, served under /validate/assets/ with content-hashed names: the
 * page's script and style, the signing page's base style, and the altcha widget straight from its
 * npm package (never committed): the `dist/external` build, whose proof-of-work worker is a file
 * of its own (so the page's CSP needs no `blob:` worker), its style sheet, and its words in Dutch,
 * German and French (English is built in).
 */
import { CSS, hashedAssets, JAVASCRIPT, type HashedAssets } from '../sign-app/sign-app-assets.js';

export const VALIDATOR_ASSETS_PATH = '/validate/assets';

export type ValidatorAssetKey = 'script' | 'style' | 'baseStyle' | 'widget' | 'widgetStyle' | 'worker' | 'i18n_nl' | 'i18n_de' | 'i18n_fr';

const altcha = 'node_modules/altcha/dist';

export function loadValidatorAssets(): HashedAssets<ValidatorAssetKey> {
  return hashedAssets<ValidatorAssetKey>(VALIDATOR_ASSETS_PATH, [
    { key: 'script', path: 'src/modules/validator/assets/validator-page.js', contentType: JAVASCRIPT },
    { key: 'style', path: 'src/modules/validator/assets/validator-page.css', contentType: CSS },
    { key: 'baseStyle', path: 'src/modules/sign-app/assets/sign-app.css', contentType: CSS },
    { key: 'widget', path: `${altcha}/external/altcha.min.js`, contentType: JAVASCRIPT },
    { key: 'widgetStyle', path: `${altcha}/external/altcha.css`, contentType: CSS },
    { key: 'worker', path: `${altcha}/workers/pbkdf2.js`, contentType: JAVASCRIPT },
    { key: 'i18n_nl', path: `${altcha}/i18n/nl.js`, contentType: JAVASCRIPT },
    { key: 'i18n_de', path: `${altcha}/i18n/de.js`, contentType: JAVASCRIPT },
    { key: 'i18n_fr', path: `${altcha}/i18n/fr-fr.js`, contentType: JAVASCRIPT },
  ]);
}
