/**
 * POST /v1/driver/sign-in: a six-digit code by SMS to a phone that drives a `planned` or
 * `in_progress` tour, valid ten minutes, replacing any earlier one. The answer is the same for a
 * phone without work (no SMS, nothing stored), so the endpoint says nothing about who drives for
 * whom; the route's windows (per phone and per address) count every call alike.
 */
import { randomInt } from 'node:crypto';
import type { Services, TenantContext } from '../../core/context.js';
import { sendNotification } from '../notifications/send-notification.js';
import { OTP_TTL_MS } from '../signatures/one-time-passwords.js';
import { keyedHash, phoneHash } from './driver-policy.js';
import { selectOpenWork } from './driver-sessions.repository.js';

type DriverLanguage = 'en' | 'nl' | 'de' | 'fr' | 'pl';

const CODE_TEXT: Record<DriverLanguage, (code: string) => string> = {
  en: (c) => `Your driver sign-in code: ${c}. It is valid for 10 minutes.`,
  nl: (c) => `Uw aanmeldcode als chauffeur: ${c}. Hij is 10 minuten geldig.`,
  de: (c) => `Ihr Anmeldecode als Fahrer: ${c}. Er ist 10 Minuten gültig.`,
  fr: (c) => `Votre code de connexion chauffeur : ${c}. Il est valable 10 minutes.`,
  pl: (c) => `Twój kod logowania kierowcy: ${c}. Jest ważny 10 minut.`,
};

export const codeHash = (secret: string, phone: string, code: string): string => keyedHash(secret, `driver-code:${phone}`, code);

export async function requestSignInCode(services: Services, phone: string, requestId: string): Promise<{ status: 'code_sent'; expires_at: string }> {
  const now = services.clock.now();
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  const answer = { status: 'code_sent' as const, expires_at: expiresAt.toISOString() };
  const [newest] = await selectOpenWork(services.db, phone);
  if (!newest) return answer;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const row = { phone_hash: phoneHash(services.secrets.urls, phone), code_hash: codeHash(services.secrets.urls, phone, code), expires_at: expiresAt, created_at: now };
  await services.db
    .insertInto('driver_sign_in_codes')
    .values(row)
    .onConflict((oc) => oc.column('phone_hash').doUpdateSet({ code_hash: row.code_hash, expires_at: row.expires_at, created_at: row.created_at }))
    .execute();
  // Recorded as a message of the organisation (and mode) of the newest tour: a sandbox phone's code
  // reaches the test notifier's outbox like every sandbox message.
  const ctx: TenantContext = { ...services, organizationId: newest.organization_id, mode: newest.mode, requestId };
  const language = (newest.language && newest.language in CODE_TEXT ? newest.language : 'en') as DriverLanguage;
  await sendNotification(ctx, { channel: 'sms', to: phone, template: 'driver_sign_in', language, subject: 'Driver sign-in code', text: CODE_TEXT[language](code) });
  return answer;
}
