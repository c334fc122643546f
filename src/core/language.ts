/**
 * Languages the API answers in (service description, Versioning: `Accept-Language: nl` translates
 * error titles and finding messages; English is the default).
 */
export type Language = 'en' | 'nl';

export const LANGUAGES: readonly Language[] = ['en', 'nl'];

/**
 * Picks the best supported language from an Accept-Language header (RFC 9110 §12.5.4):
 * the highest q-value wins, ties go to the first listed, and anything unsupported falls back to English.
 */
export function negotiateLanguage(header: string | undefined): Language {
  if (!header) return 'en';
  let best: { lang: Language; q: number } | undefined;
  for (const part of header.split(',')) {
    const [tag = '', ...params] = part.trim().split(';');
    const primary = tag.trim().toLowerCase().split('-')[0];
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    const lang = LANGUAGES.find((l) => l === primary);
    if (lang && (!best || q > best.q)) best = { lang, q };
  }
  return best?.lang ?? 'en';
}
