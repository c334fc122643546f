/**
 * Languages the API answers in (service description, Versioning): finding messages in English,
 * Dutch, German and French after `Accept-Language`, English the default. Error titles exist in
 * English and Dutch only; `titleLanguage` narrows to them.
 */
export type Language = 'en' | 'nl' | 'de' | 'fr';

export const LANGUAGES: readonly Language[] = ['en', 'nl', 'de', 'fr'];

/** The languages of the error catalogue's titles. */
export type TitleLanguage = 'en' | 'nl';

/** The title language for a request's language: Dutch for Dutch, English for the rest (German and French included). */
export function titleLanguage(language: Language): TitleLanguage {
  return language === 'nl' ? 'nl' : 'en';
}

/**
 * The best of `supported` in an Accept-Language header (RFC 9110 §12.5.4): the highest q-value
 * wins, ties go to the first listed; null when the header names none of them.
 */
export function pickLanguage<L extends string>(header: string | undefined, supported: readonly L[]): L | null {
  if (!header) return null;
  let best: { lang: L; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const lang = supported.find((l) => l === primary);
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? null;
}

/** The API's language for a request: its Accept-Language's pick, anything unsupported falling back to English. */
export function negotiateLanguage(header: string | undefined): Language {
  return pickLanguage(header, LANGUAGES) ?? 'en';
}
