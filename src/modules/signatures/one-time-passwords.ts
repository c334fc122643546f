/**
 * One-time passwords of sign links (service description, Authentication 10; Limits): a six-digit
 * code valid ten minutes, sent to the link's recipient on request; verifying it gives an
 * `otp_verified_token` for one submit. Wrong, expired or spent codes are 422 `otp_invalid`; the
 * fifth wrong code in a row within a ten-minute window is still `otp_invalid` and locks the
 * recipient until that window ends, every try meanwhile 429 `otp_locked` with `Retry-After`.
 * Sandbox links also accept `000000` (wrong codes still count towards the lock).
 *
 * A used link takes codes only where its party still instructs through it: the sender's link that
 * asks for a one-time password keeps its recipient after signing (signature-requests.repository.ts),
 * and its verified token then opens disposal instructions (docs/right-of-disposal.md), never a
 * second signature. Any other used link is 409 `already_signed`, as before.
 */
import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { AppError } from '../../core/errors.js';
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { sendNotification } from '../notifications/send-notification.js';
import { openRecipient } from './sealed-recipient.js';
import { assertLinkShipmentOpen } from './sign-link.js';
import type { MessageLanguage } from './sign-messages.js';
import type { SignatureRequestRow } from './signature-requests.repository.js';

export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_WINDOW_MS = 10 * 60 * 1000;
export const OTP_MAX_FAILURES = 5;
export const VERIFIED_TOKEN_TTL_MS = 10 * 60 * 1000;
const SANDBOX_CODE = '000000';

const keyedHash = (secret: string, label: string, value: string) => createHmac('sha256', secret).update(`${label}\n${value}`).digest('hex');
const sameHash = (a: string | null, b: string) => a !== null && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

const OTP_TEXT: Record<MessageLanguage, (code: string) => { subject: string; text: string }> = {
  en: (c) => ({ subject: 'Your signing code', text: `Your code to sign the consignment note: ${c}. It is valid for 10 minutes.` }),
  nl: (c) => ({ subject: 'Uw ondertekeningscode', text: `Uw code om de vrachtbrief te ondertekenen: ${c}. Hij is 10 minuten geldig.` }),
  de: (c) => ({ subject: 'Ihr Unterschriftscode', text: `Ihr Code zum Unterschreiben des Frachtbriefs: ${c}. Er ist 10 Minuten gültig.` }),
  fr: (c) => ({ subject: 'Votre code de signature', text: `Votre code pour signer la lettre de voiture : ${c}. Il est valable 10 minutes.` }),
};

/** The code a used link asks for: to confirm an instruction about the goods, not to sign. */
const DISPOSAL_OTP_TEXT: Record<MessageLanguage, (code: string) => { subject: string; text: string }> = {
  en: (c) => ({ subject: 'Your confirmation code', text: `Your code to confirm an instruction about the goods of your consignment note: ${c}. It is valid for 10 minutes.` }),
  nl: (c) => ({ subject: 'Uw bevestigingscode', text: `Uw code om een opdracht over de goederen van uw vrachtbrief te bevestigen: ${c}. Hij is 10 minuten geldig.` }),
  de: (c) => ({ subject: 'Ihr Bestätigungscode', text: `Ihr Code zur Bestätigung einer Weisung über das Gut Ihres Frachtbriefs: ${c}. Er ist 10 Minuten gültig.` }),
  fr: (c) => ({ subject: 'Votre code de confirmation', text: `Votre code pour confirmer une instruction sur la marchandise de votre lettre de voiture : ${c}. Il est valable 10 minutes.` }),
};

async function lockOf(db: Database, recipientHash: string) {
  return db.selectFrom('otp_locks').selectAll().where('recipient_hash', '=', recipientHash).executeTakeFirst();
}

/** Raises 429 `otp_locked` with `Retry-After` while the recipient is locked. */
async function assertNotLocked(db: Database, request: SignatureRequestRow, now: Date): Promise<void> {
  return assertRecipientNotLocked(db, request.recipient_hash, now);
}

/**
 * The lock by recipient hash, for every holder of codes: sign-link recipients and drivers signing
 * in (src/modules/driver/open-driver-session.ts) follow the same rules and share the table.
 */
export async function assertRecipientNotLocked(db: Database, recipientHash: string, now: Date): Promise<void> {
  const lock = await lockOf(db, recipientHash);
  if (lock?.locked_until && lock.locked_until > now) {
    const seconds = Math.ceil((lock.locked_until.getTime() - now.getTime()) / 1000);
    throw new AppError('otp_locked', `Too many wrong codes: try again after ${lock.locked_until.toISOString()}.`, { headers: { 'retry-after': String(seconds) } });
  }
}

/** 409 `already_signed` for a used link that kept no recipient: it takes no more codes. */
function assertTakesCodes(request: SignatureRequestRow): void {
  if (request.status === 'completed' && request.recipient_sealed === null) throw new AppError('already_signed', 'This sign link has been used: the document is signed.');
}

export async function sendOneTimePassword(ctx: TenantContext, request: SignatureRequestRow): Promise<{ sent_to: string; expires_at: string }> {
  assertTakesCodes(request);
  await assertLinkShipmentOpen({ request, ctx });
  const now = ctx.clock.now();
  await assertNotLocked(ctx.db, request, now);
  if (request.channel === 'handoff' || !request.recipient_sealed) throw new AppError('conflict', 'This link was handed over in person: it has no recipient to send a code to, and needs none.');
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(now.getTime() + OTP_TTL_MS);
  await ctx.db
    .updateTable('signature_requests')
    .set({ otp_code_hash: keyedHash(ctx.secrets.urls, `otp:${request.id}`, code), otp_code_expires_at: expiresAt, updated_at: now })
    .where('id', '=', request.id)
    .execute();
  const texts = request.status === 'completed' ? DISPOSAL_OTP_TEXT : OTP_TEXT;
  const message = texts[request.language as MessageLanguage] ?? texts.en;
  const channel = request.channel;
  await sendNotification(ctx, { channel, to: openRecipient(ctx.secrets.urls, request.recipient_sealed), template: 'sign_otp', language: request.language, ...message(code), shipmentId: request.shipment_id, signatureRequestId: request.id });
  return { sent_to: request.recipient_hint, expires_at: expiresAt.toISOString() };
}

/** Counts a wrong code; the fifth in a row within the window locks the recipient until it ends. */
export async function countOtpFailure(db: Database, recipientHash: string, now: Date): Promise<void> {
  const windowFloor = new Date(now.getTime() - OTP_WINDOW_MS);
  await sql`
    insert into otp_locks (recipient_hash, window_started_at, failures, locked_until) values (${recipientHash}, ${now}, 1, null)
    on conflict (recipient_hash) do update set
      window_started_at = case when otp_locks.window_started_at <= ${windowFloor} then ${now} else otp_locks.window_started_at end,
      failures = case when otp_locks.window_started_at <= ${windowFloor} then 1 else otp_locks.failures + 1 end,
      locked_until = case
        when otp_locks.window_started_at > ${windowFloor} and otp_locks.failures + 1 >= ${OTP_MAX_FAILURES}
        then otp_locks.window_started_at + make_interval(secs => ${OTP_WINDOW_MS / 1000}) else null end`.execute(db);
}

export async function verifyOneTimePassword(ctx: TenantContext, request: SignatureRequestRow, code: string): Promise<{ otp_verified_token: string; expires_at: string }> {
  assertTakesCodes(request);
  const now = ctx.clock.now();
  await assertNotLocked(ctx.db, request, now);
  const matches =
    (ctx.mode === 'test' && code === SANDBOX_CODE) ||
    (request.otp_code_expires_at !== null && request.otp_code_expires_at > now && sameHash(request.otp_code_hash, keyedHash(ctx.secrets.urls, `otp:${request.id}`, code)));
  if (!matches) {
    await countOtpFailure(ctx.db, request.recipient_hash, now);
    throw new AppError('otp_invalid', 'The code is wrong, expired or already used: ask for a new one.');
  }
  const token = randomBytes(24).toString('base64url');
  const expiresAt = new Date(now.getTime() + VERIFIED_TOKEN_TTL_MS);
  await ctx.db.transaction().execute(async (trx) => {
    await trx.deleteFrom('otp_locks').where('recipient_hash', '=', request.recipient_hash).execute();
    // The code is spent; the token opens one submit.
    await trx
      .updateTable('signature_requests')
      .set({ otp_code_hash: null, otp_code_expires_at: null, otp_token_hash: keyedHash(ctx.secrets.urls, `otp-token:${request.id}`, token), otp_token_expires_at: expiresAt, updated_at: now })
      .where('id', '=', request.id)
      .execute();
  });
  return { otp_verified_token: token, expires_at: expiresAt.toISOString() };
}

/** For a link that requires it: the verified token, unexpired and of this link, else 422 `otp_invalid`. */
export function assertOtpVerified(ctx: TenantContext, request: SignatureRequestRow, token: string | undefined, now: Date): void {
  if (!request.otp_required) return;
  const valid = token !== undefined && request.otp_token_expires_at !== null && request.otp_token_expires_at > now && sameHash(request.otp_token_hash, keyedHash(ctx.secrets.urls, `otp-token:${request.id}`, token));
  if (!valid) throw new AppError('otp_invalid', token ? 'The otp_verified_token is wrong, expired or already used: verify a new code.' : 'This link requires a one-time password: request one, verify it and send the otp_verified_token.');
}
