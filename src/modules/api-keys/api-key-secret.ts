/**
 * The secret part of API keys: `sk_test_` or `sk_live_` and 40 base62 characters (about 238 bits).
 * Only a SHA-256 hash is stored: the keys are long random strings, so a slow password hash would
 * add latency to every request without adding safety.
 */
import { createHash, randomInt } from 'node:crypto';
import type { Mode } from '../../core/mode.js';

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY_LENGTH = 40;
const KEY_SHAPE = /^sk_(test|live)_[0-9A-Za-z]{40}$/;

export function generateApiKey(mode: Mode): string {
  let body = '';
  for (let i = 0; i < BODY_LENGTH; i++) body += ALPHABET[randomInt(ALPHABET.length)];
  return `sk_${mode}_${body}`;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The mode a key's prefix names, or undefined when the string is not shaped like one of our keys. */
export function modeOfKey(key: string): Mode | undefined {
  const match = KEY_SHAPE.exec(key);
  return match ? (match[1] as Mode) : undefined;
}

/** What may be shown of a key after creation: its prefix and last four characters. */
export function keyHint(key: string): string {
  return `${key.slice(0, 8)}…${key.slice(-4)}`;
}
