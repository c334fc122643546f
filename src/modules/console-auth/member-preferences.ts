/**
 * A console member's own preferences (docs/console-pages.md "Preferences"): the language of the
 * console's pages and the IANA time zone its times are shown in. Kept on the user, so they follow
 * the member into every organisation; null is "not chosen" (the organisation's default language,
 * else the browser's; UTC). Checked here, whether they come from the console's form or the API.
 */
import type { Services } from '../../core/context.js';
import { AppError } from '../../core/errors.js';
import { finding, type Finding } from '../../core/findings.js';
import { isTimeZone } from '../../core/time-zones.js';
import { CONSOLE_LANGUAGES } from '../console/console-words.js';
import type { ConsoleSession } from './authenticate-console-session.js';
import { updateUserPreferences } from './console-auth.repository.js';

export interface MemberPreferences {
  language: string | null;
  time_zone: string | null;
}

/** The zone a member's times are shown in: theirs, else UTC. */
export function memberTimeZone(preferences: { timeZone: string | null }): string {
  // A zone kept earlier that this runtime no longer knows (tz data changes) falls back rather than failing every page.
  return preferences.timeZone && isTimeZone(preferences.timeZone) ? preferences.timeZone : 'UTC';
}

/** What is wrong with the preferences as given: a language the console does not speak, a zone this service does not know. */
export function preferenceFindings(input: MemberPreferences): Finding[] {
  const found: Finding[] = [];
  if (input.language !== null && !(CONSOLE_LANGUAGES as readonly string[]).includes(input.language)) found.push(finding('$.language', 'invalid_value', { allowed: [...CONSOLE_LANGUAGES] }));
  if (input.time_zone !== null && (input.time_zone.length > 64 || !isTimeZone(input.time_zone))) found.push(finding('$.time_zone', 'unknown_time_zone'));
  return found;
}

/** Keeps the member's preferences, whole; 422 `validation_failed` when one is not valid. */
export async function setMemberPreferences(services: Pick<Services, 'db'>, session: ConsoleSession, input: MemberPreferences): Promise<MemberPreferences> {
  const errors = preferenceFindings(input);
  if (errors.length > 0) throw new AppError('validation_failed', 'The preferences do not validate; see errors.', { errors });
  await updateUserPreferences(services.db, session.userId, { console_language: input.language, time_zone: input.time_zone });
  return input;
}
