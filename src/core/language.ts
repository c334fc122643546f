/**
 * Languages the API answers in (service description, Versioning): finding messages in English,
 * Dutch, German and French after `Accept-Language`, English the default. Error titles exist in
 * English and Dutch only; `titleLanguage` narrows to them.
 */
import Negotiator from 'negotiator';

export type Language = 'en' | 'nl' | 'de' | 'fr';

export const LANGUAGES: readonly Language[] = ['en', 'nl', 'de', 'fr'];

/** The languages of the error catalogue's titles. */
export type TitleLanguage = 'en' | 'nl';

/** The title language for a request's language: Dutch for Dutch, English for the rest (German and French included). */
export function titleLanguage(language: Language): TitleLanguage {
  return language === 'nl' ? 'nl' : 'en';
}

/**
 * The best of `supported` in an Accept-Language header (RFC 9110 §12.5.4), parsed by `negotiator`:
 * the highest q-value wins, then the more exact match (`pl-PL` still matches `pl`), then the first
 * listed; `q=0` refuses a language. `*` ("any other") names none: the caller's default answers it, not
 * whichever language happens to be listed first. Null when the header is absent or names none of them.
 */
export function pickLanguage<L extends string>(header: string | undefined, supported: readonly L[]): L | null {
  if (!header) return null;
  const named = header.split(',').filter((range) => range.split(';')[0]?.trim() !== '*').join(',');
  const [best] = new Negotiator({ headers: { 'accept-language': named } }).languages([...supported]);
  return supported.find((l) => l === best) ?? null;
}

/** The API's language for a request: its Accept-Language's pick, anything unsupported falling back to English. */
export function negotiateLanguage(header: string | undefined): Language {
  return pickLanguage(header, LANGUAGES) ?? 'en';
}
