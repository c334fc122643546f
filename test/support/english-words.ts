/**
 * What a console page says in words, and which English UI words are left in it. The text is what a
 * person reads or a screen reader says (tag contents, alt, aria-label, title, placeholder), without
 * what is not the console's words: code, ids and URLs (code, pre, .mono, .secret) and the values a
 * test put in itself (a shipment's names and instructions).
 */
const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** English words of the console's UI that none of its other languages writes the same way (case counts). */
export const ENGLISH_UI_WORDS = [
  'the', 'and', 'your', 'you', 'of', 'is', 'not', 'with', 'yet', 'this', 'no',
  'Shipment', 'Shipments', 'Overview', 'Drivers', 'Driver', 'Members', 'Settings', 'Sign out', 'Signed in as', 'Skip to content',
  'Created', 'Search', 'Back to', 'Nothing here', 'Timeline', 'Goods', 'Consignor', 'Consignee', 'Carrier', 'Pickup',
  'Delivered', 'Issued', 'Draft', 'Cancel', 'Revoke', 'Save', 'Edit', 'Remarks', 'Invoice', 'Vehicle', 'Tours',
  'Request logs', 'Audit log', 'Events', 'Endpoints', 'Older', 'Newer', 'Sandbox', 'Pending', 'Failed', 'Succeeded',
  'Scopes', 'Read', 'Manage', 'Proof of delivery', 'consignment note', 'Second factor', 'Role', 'Language', 'Sign in',
  'E-mail address', 'Delivery log', 'Plan a tour', 'Stops', 'Warnings', 'Progress', 'Findings', 'Places',
  'Key', 'Id', 'Time', 'Weight', 'Plate', 'Licence plate', 'Reference', 'Recipient', 'Expires',
  'Attempts', 'Response', 'Origin', 'Outcome', 'Duration', 'Error', 'Change language',
] as const;

/** Every string in a value (a test's fixture), longest first so that a value is taken out before its parts. */
export function stringsOf(value: unknown): string[] {
  const out = new Set<string>();
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  walk(value);
  return [...out].filter((s) => s.length > 2).sort((a, b) => b.length - a.length);
}

/** The words a person meets on the page (see above), entities decoded, `own` values taken out. */
export function pageWords(html: string, own: readonly string[] = []): string {
  const attributes = [...html.matchAll(/\s(?:alt|aria-label|title|placeholder)="([^"]*)"/g)].map((m) => m[1]).join(' ');
  let text = html
    .replace(/<(style|script|code|pre)\b[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<(span|p|a|dd|ol)\b[^>]*class="[^"]*\b(?:mono|secret)\b[^"]*"[^>]*>[\s\S]*?<\/\1>/g, ' ')
    .replace(/<[^>]+>/g, ' ');
  text = `${text} ${attributes}`.replace(/&(?:amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
  for (const value of own) text = text.split(value).join(' ');
  return text.replace(/\S+@\S+/g, ' ').replace(/\s+/g, ' ');
}

/** The English UI words left in `text`, each as a whole word. */
export function englishLeft(text: string): string[] {
  return ENGLISH_UI_WORDS.filter((word) => new RegExp(`(?<![\\p{L}\\p{N}_-])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_-])`, 'u').test(text));
}
