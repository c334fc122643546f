/**
 * The altcha widget's files that a page serves (src/modules/sign-app/sign-app-assets.ts), straight
 * from its npm package, never committed: the `dist/external` build, which brings no inline styles
 * and whose proof-of-work worker is a file of its own (so a page's CSP needs no `blob:` worker), its
 * style sheet, the PBKDF2 worker (registered by the page's script), and its words in Dutch, German
 * and French (English is built in).
 */
import { CSS, JAVASCRIPT } from '../sign-app/sign-app-assets.js';

export type AltchaWidgetKey = 'widget' | 'widgetStyle' | 'worker' | 'i18n_nl' | 'i18n_de' | 'i18n_fr';

const altcha = 'node_modules/altcha/dist';

export const ALTCHA_WIDGET_FILES: readonly { key: AltchaWidgetKey; path: string; contentType: string }[] = [
  { key: 'widget', path: `${altcha}/external/altcha.min.js`, contentType: JAVASCRIPT },
  { key: 'widgetStyle', path: `${altcha}/external/altcha.css`, contentType: CSS },
  { key: 'worker', path: `${altcha}/workers/pbkdf2.js`, contentType: JAVASCRIPT },
  { key: 'i18n_nl', path: `${altcha}/i18n/nl.js`, contentType: JAVASCRIPT },
  { key: 'i18n_de', path: `${altcha}/i18n/de.js`, contentType: JAVASCRIPT },
  { key: 'i18n_fr', path: `${altcha}/i18n/fr-fr.js`, contentType: JAVASCRIPT },
];
