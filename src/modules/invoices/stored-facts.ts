/**
 * The facts of an issued invoice as JSON and back: amounts are bigint cents in memory and
 * `{"cents": "123456"}` in the stored document, so nothing passes through a float.
 */
import type { InvoiceFacts } from './invoice-facts.js';

export function factsToJson(facts: InvoiceFacts): string {
  return JSON.stringify(facts, (_key, value: unknown) => (typeof value === 'bigint' ? { cents: value.toString() } : value));
}

export function factsFromJson(stored: unknown): InvoiceFacts {
  const text = typeof stored === 'string' ? stored : JSON.stringify(stored);
  return JSON.parse(text, (_key, value: unknown) => {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      const keys = Object.keys(value);
      if (keys.length === 1 && keys[0] === 'cents' && typeof (value as { cents: unknown }).cents === 'string') return BigInt((value as { cents: string }).cents);
    }
    return value;
  }) as InvoiceFacts;
}
