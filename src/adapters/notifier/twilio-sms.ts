/**
 * SMS over the Twilio Messages API, or any provider speaking it (SMS_URL such as
 * `https://ACCOUNT_SID:AUTH_TOKEN@api.twilio.com`, SMS_FROM the sender number or alphanumeric
 * name): `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`, form-encoded `To`, `From` and
 * `Body`, HTTP basic auth with the account SID and auth token. A refusal (a number the provider
 * will not take, bad credentials) rejects with the provider's code and message, which the
 * notification keeps as its `failed` reason.
 */
import type { Notifier, OutgoingMessage } from '../../ports/notifier.js';

const TIMEOUT_MS = 10_000;

export function twilioSmsNotifier(smsUrl: string, from: string): Notifier {
  const url = new URL(smsUrl);
  const accountSid = decodeURIComponent(url.username);
  const authToken = decodeURIComponent(url.password);
  const endpoint = `${url.origin}${url.pathname.replace(/\/+$/, '')}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;
  return {
    async send(message: OutgoingMessage) {
      if (message.channel !== 'sms') throw new Error('the SMS notifier sends SMS only');
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ To: message.to, From: from, Body: message.text }).toString(),
        redirect: 'error',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const answer = (await response.json().catch(() => ({}))) as { sid?: string; code?: number; message?: string };
      if (!response.ok) throw new Error(`SMS provider answered ${response.status}${answer.code ? ` (error ${answer.code})` : ''}${answer.message ? `: ${answer.message}` : ''}`);
      if (!answer.sid) throw new Error(`SMS provider answered ${response.status} without a message sid`);
      return { reference: `sms:${answer.sid}`, status: 'sent' };
    },
  };
}
