/**
 * A fake SMS provider on 127.0.0.1 speaking the Twilio Messages API: `POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json`, HTTP basic auth with the account SID and auth
 * token, form-encoded `To`, `From` and `Body`. It answers as Twilio does: 201 with the message
 * resource (`sid` SM…, `status` queued), 400 with error 21211 for a `To` that is not a valid
 * phone number, 401 with error 20003 for bad credentials.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  to: string;
  from: string;
  body: string;
  sid: string;
}

export interface SmsSink {
  /** SMS_URL for the service: `http://SID:TOKEN@127.0.0.1:port`. */
  url: string;
  accountSid: string;
  received: ReceivedSms[];
  close(): Promise<void>;
}

const E164 = /^\+[1-9]\d{6,14}$/;

export async function startSmsSink(): Promise<SmsSink> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const received: ReceivedSms[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body: object) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const error = (status: number, code: number, message: string) => answer(status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });
      if (req.method !== 'POST' || req.url !== `/2010-04-01/Accounts/${accountSid}/Messages.json`) return error(404, 20404, 'The requested resource was not found');
      if (req.headers.authorization !== `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`) return error(401, 20003, 'Authenticate');
      if (!/^application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '')) return error(400, 21620, 'Content-Type must be application/x-www-form-urlencoded');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const [to, from, body] = [form.get('To'), form.get('From'), form.get('Body')];
      if (!to) return error(400, 21604, "A 'To' phone number is required.");
      if (!from) return error(400, 21603, "A 'From' phone number is required.");
      if (!body) return error(400, 21602, 'Message body is required.');
      if (!E164.test(to) || to.startsWith('+999')) return error(400, 21211, `The 'To' number ${to} is not a valid phone number.`);
      const sid = `SM${randomBytes(16).toString('hex')}`;
      received.push({ to, from, body, sid });
      const now = new Date().toUTCString();
      answer(201, { sid, account_sid: accountSid, to, from, body, status: 'queued', direction: 'outbound-api', num_segments: '1', date_created: now, date_updated: now, date_sent: null, error_code: null, error_message: null, price: null, api_version: '2010-04-01', uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json` });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return { url: `http://${accountSid}:${authToken}@127.0.0.1:${port}`, accountSid, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
