/** Without CONTACT_EMAIL, a contact message is only stored: accepted the same, no e-mail and no job. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { botcheckHeaders } from '../support/botcheck.js';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

describe('the contact form without CONTACT_EMAIL', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(backends()[0]!, { env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('stores the message and answers 202 as usual, and sends nothing', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/public/contact', headers: await botcheckHeaders(t.app), payload: { name: 'Anna', email: 'anna@transport.example', message: 'Only stored.' } });
    expect(res.statusCode, res.body).toBe(202);
    expect(Object.keys(res.json()).sort()).toEqual(['id', 'received_at']);
    const row = await t.runtime.services.db.selectFrom('contact_messages').selectAll().where('id', '=', res.json().id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ message: 'Only stored.', email_status: 'no_recipient' });
    while ((await t.runtime.jobs.loop.tick()) > 0);
    expect(smtp.received).toEqual([]);
    expect(await t.runtime.services.db.selectFrom('jobs').select('kind').where('kind', '=', 'email-contact-message').execute()).toEqual([]);
  });
});
