/**
 * The bot check of the public doors (service description, Authentication 7): a proof-of-work
 * challenge the service issues and verifies itself, in the ALTCHA v2 format (altcha-lib on the
 * server, the altcha widget in the browser), so no third-party server is asked and nothing about
 * the visitor is sent anywhere. PBKDF2/SHA-256 is the widget's default algorithm; `cost` is the
 * iterations per try and the key prefix the work to find (one byte: ~256 tries on average).
 */
export interface BotcheckPolicy {
  /** PBKDF2 iterations per try (BOTCHECK_COST). */
  cost: number;
  /** How long a challenge may be solved and its token spent, in seconds (BOTCHECK_TTL_S). */
  ttlS: number;
}

export const BOTCHECK_ALGORITHM = 'PBKDF2/SHA-256';

/** A derived key must start with this (hex): one zero byte, 1 in 256 counters on average. */
export const BOTCHECK_KEY_PREFIX = '00';

/** The header that carries the solved challenge (the widget's payload, base64 JSON). */
export const BOTCHECK_HEADER = 'botcheck-token';
