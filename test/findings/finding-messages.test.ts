/**
 * Every finding message template speaks the four languages of `Accept-Language`: each
 * renders, keeps every placeholder its English text has, and is a translation rather than a copy.
 * Loading the modules below registers their codes, as loading the app does.
 */
import { describe, expect, it } from 'vitest';
import { findingCodes, registerFindingMessages, renderMessage, type MessageTemplate } from '../../src/core/findings.js';
import { LANGUAGES } from '../../src/core/language.js';
import '../../src/modules/shipments/rules/shipment-rules.js';
import '../../src/modules/federated/create-delegation.js';
import '../../src/modules/federated/grantee-certificate.js';
import '../../src/modules/remarks/remark-photos.js';
import '../../src/core/image-limits.js';
import '../../src/modules/simulation/simulate-shipment.js';
import '../../src/modules/tours/check-tour-stops.js';
import '../../src/modules/tours/assign-tour.js';
import '../../src/modules/requirements/get-requirements.js';
import '../../src/modules/providers/check-routing-rule.js';
import '../../src/modules/providers/reorder-routing-rules.js';

/** Params whose every value names itself, so a rendered message shows which placeholders it used. */
const NAMED_PARAMS: Record<string, unknown> = new Proxy({}, { get: (_, key) => (typeof key === 'string' ? `‹${key}›` : undefined) });

const placeholders = (message: string) => new Set(message.match(/‹[a-z_]+›/g) ?? []);

describe('finding message templates', () => {
  const codes = findingCodes();

  it('cover the schema, module and rule codes', () => {
    expect(codes).toEqual(expect.arrayContaining(['required', 'invalid_value', 'photo_not_found', 'image_too_large', 'not_for_action', 'consignee_missing', 'adr_un_number_missing', 'cabotage_operation']));
    expect(codes.length).toBeGreaterThanOrEqual(40);
  });

  it.each(LANGUAGES)('render in %s with no placeholder left over', (language) => {
    for (const code of codes) {
      const message = renderMessage(code, NAMED_PARAMS, language);
      expect(message, code).toBeTruthy();
      expect(message, code).not.toMatch(/\$\{|undefined|\[object |\bnull\b/);
    }
  });

  it.each(['de', 'fr'] as const)('in %s keep the placeholders of the English text and translate it', (language) => {
    for (const code of codes) {
      const english = renderMessage(code, NAMED_PARAMS, 'en')!;
      const translated = renderMessage(code, NAMED_PARAMS, language)!;
      expect(placeholders(translated), `${code} in ${language}`).toEqual(placeholders(english));
      expect(translated, `${code} in ${language}`).not.toBe(english);
    }
  });

  it('in German and French use the legal words of the CMR', () => {
    expect(renderMessage('consignee_missing', {}, 'de')).toBe('Der Frachtbrief hat keinen Empfänger; CMR Artikel 6 Absatz 1 Buchstabe e verlangt Name und Anschrift des Empfängers.');
    expect(renderMessage('consignee_missing', {}, 'fr')).toBe(
      "La lettre de voiture n'a pas de destinataire ; la CMR, article 6, paragraphe 1, lettre e), exige le nom et l'adresse du destinataire.",
    );
  });
});

// Never called: the types refuse a template without all four languages (npm run typecheck).
export function missingLanguageIsATypeError(en: MessageTemplate, nl: MessageTemplate): void {
  // @ts-expect-error German and French are missing
  registerFindingMessages({ half_translated: { en, nl } });
}
