/**
 * POST /v1/public/contact: a message through the contact form is stored, e-mailed to
 * CONTACT_EMAIL through a real SMTP server (Reply-To the sender) by the job queue, answered 202 with
 * its reference only; the fields' limits, CR/LF refused; the bot check's states; the contact
 * door's own per-IP window; and the retention purge. Every request comes from an address of its
 * own (X-Forwarded-For through TRUST_PROXY) unless a test counts one address's window.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHEDULES } from '../../src/jobs/catalogue.js';
import { CONTACT_RETENTION_DAYS } from '../../src/modules/contact/contact-policy.js';
import { purgeContactMessagesJob } from '../../src/modules/contact/purge-contact-messages.job.js';
import { backends } from '../support/backends.js';
import { botcheckHeaders, botcheckToken } from '../support/botcheck.js';
import { expectProblem } from '../support/problems.js';
import { mailText, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

const CONTACT_EMAIL = 'hello@fds.example';
const LIMIT = 3;
const DAY = 24 * 60 * 60 * 1000;

/** A client address no other test (nor an earlier run on the shared Redis) has counted. */
const freshAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

const valid = () => ({ name: 'Anna de Vries', email: 'anna@transport.example', organization: 'De Vries Transport B.V.', message: 'Hello,\nwe would like a demo of the API.', language: 'nl' });

/** The header block of a raw mail, its folded lines unfolded. */
function headers(raw: string): string {
  return raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
}

describe.each(backends())('the contact form on $name', (backend) => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp(backend, {
      // Its own database: the e-mail jobs are claimed by this app's job loop, no one else's.
      ownDatabase: true,
      env: { SMTP_URL: smtp.url, MAIL_FROM: 'Freight documents <no-reply@fds.example>', CONTACT_EMAIL, CONTACT_RATE_LIMIT: String(LIMIT), CONTACT_RATE_WINDOW_S: '3600', TRUST_PROXY: '127.0.0.1' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  async function post(payload: unknown, options: { from?: string; token?: string | null } = {}) {
    const token = options.token === undefined ? (await botcheckHeaders(t.app))['botcheck-token'] : options.token;
    return t.app.inject({
      method: 'POST',
      url: '/v1/public/contact',
      headers: { 'x-forwarded-for': options.from ?? freshAddress(), ...(token === null ? {} : { 'botcheck-token': token }) },
      payload: payload as object,
    });
  }

  const row = (id: string) => t.runtime.services.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirst();
  const runJobs = async () => {
    while ((await t.runtime.jobs.loop.tick()) > 0);
  };

  it('stores the message, answers 202 with its reference only, and e-mails it to CONTACT_EMAIL with Reply-To the sender', async () => {
    const res = await post(valid());
    expect(res.statusCode, res.body).toBe(202);
    const receipt = res.json();
    expect(Object.keys(receipt).sort()).toEqual(['id', 'received_at']);
    expect(receipt.id).toMatch(/^ctc_[0-9A-HJKMNP-TV-Z]{26}$/);
    expect(receipt.received_at).toBe(t.clock.now().toISOString());
    // Nothing internal in the answer: not the recipient, not the sender's words, not the mail's fate.
    expect(res.body).not.toContain(CONTACT_EMAIL);
    expect(res.body).not.toMatch(/demo|anna|pending|sent|smtp/i);

    const stored = await row(receipt.id);
    expect(stored).toMatchObject({ name: 'Anna de Vries', email: 'anna@transport.example', organization: 'De Vries Transport B.V.', message: 'Hello,\nwe would like a demo of the API.', language: 'nl', email_status: 'pending' });

    await runJobs();
    const mails = smtp.received.filter((m) => mailText(m.raw).includes(receipt.id));
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toEqual([CONTACT_EMAIL]);
    expect(mail.from).toBe('no-reply@fds.example');
    const head = headers(mail.raw);
    expect(head).toMatch(/^Reply-To: Anna de Vries <anna@transport\.example>$/m);
    expect(head).toMatch(/^Subject: Contact form: Anna de Vries \(De Vries Transport B\.V\.\)$/m);
    const body = mailText(mail.raw).split('\n\n').slice(1).join('\n\n');
    expect(body).toContain(`Reference: ${receipt.id}`);
    expect(body).toContain('E-mail:    anna@transport.example');
    expect(body).toContain('Hello,\nwe would like a demo of the API.');
    expect((await row(receipt.id))!.email_status).toBe('sent');
  });

  it('a mail server that refuses: the request still succeeds, the message stays stored and the job sends it once the server takes mail again', async () => {
    smtp.refuse.add(CONTACT_EMAIL);
    try {
      const res = await post({ ...valid(), message: 'Sent while the mail server refuses.' });
      expect(res.statusCode, res.body).toBe(202);
      await runJobs();
      expect(smtp.received.filter((m) => mailText(m.raw).includes(res.json().id))).toEqual([]);
      expect((await row(res.json().id))!.email_status).toBe('pending');
    } finally {
      smtp.refuse.delete(CONTACT_EMAIL);
    }
    t.clock.advance(61_000);
    await runJobs();
    expect(smtp.received.filter((m) => mailText(m.raw).includes('Sent while the mail server refuses.'))).toHaveLength(1);
  });

  it('takes the organisation and the language as optional, and a message of exactly the limits', async () => {
    const res = await post({ name: 'x'.repeat(200), email: `${'a'.repeat(64)}@${'b'.repeat(60)}.example`, message: 'm'.repeat(5000) });
    expect(res.statusCode, res.body).toBe(202);
    expect(await row(res.json().id)).toMatchObject({ organization: null, language: null, message: 'm'.repeat(5000) });
  });

  it.each([
    ['a missing name', { name: undefined }, '$.name'],
    ['an empty name', { name: '' }, '$.name'],
    ['a blank name', { name: '   ' }, '$.name'],
    ['a name over 200 characters', { name: 'x'.repeat(201) }, '$.name'],
    ['a missing e-mail address', { email: undefined }, '$.email'],
    ['no e-mail address', { email: 'anna at transport' }, '$.email'],
    ['an e-mail address over 254 characters', { email: `${'a'.repeat(64)}@${'b'.repeat(190)}.example` }, '$.email'],
    ['a company over 200 characters', { organization: 'o'.repeat(201) }, '$.organization'],
    ['an empty message', { message: '' }, '$.message'],
    ['a blank message', { message: ' \n ' }, '$.message'],
    ['a message over 5000 characters', { message: 'm'.repeat(5001) }, '$.message'],
    ['an unknown language', { language: 'es' }, '$.language'],
    ['an unknown member', { phone: '+31612345678' }, '$.phone'],
  ])('refuses %s: 422 validation_failed naming the field, and stores nothing', async (_case, change, path) => {
    const before = await t.runtime.services.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const res = await post({ ...valid(), ...change });
    const problem = expectProblem(res, 'validation_failed');
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(path);
    const after = await t.runtime.services.db.selectFrom('contact_messages').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it.each([
    ['name', { name: 'Anna\r\nBcc: victim@elsewhere.example' }],
    ['name', { name: 'Anna\nX-Injected: 1' }],
    ['email', { email: 'anna@transport.example\r\nBcc: victim@elsewhere.example' }],
    ['organization', { organization: 'Acme\rSubject: spam' }],
  ])('refuses a line break in the %s (it would reach a header)', async (field, change) => {
    const problem = expectProblem(await post({ ...valid(), ...change }), 'validation_failed');
    expect(problem.errors.map((e: { path: string }) => e.path)).toContain(`$.${field}`);
  });

  it('keeps line breaks in the message itself', async () => {
    const res = await post({ ...valid(), message: 'Line one\r\nLine two\nLine three' });
    expect(res.statusCode, res.body).toBe(202);
    expect((await row(res.json().id))!.message).toBe('Line one\r\nLine two\nLine three');
  });

  describe('the bot check', () => {
    it('missing: 403 botcheck_failed, nothing stored', async () => {
      const problem = expectProblem(await post(valid(), { token: null }), 'botcheck_failed');
      expect(problem.detail).toMatch(/missing/);
    });

    it('forged: 403 botcheck_failed', async () => {
      const forged = Buffer.from(JSON.stringify({ challenge: null, solution: null, test: true })).toString('base64');
      expectProblem(await post(valid(), { token: forged }), 'botcheck_failed');
    });

    it('reused: the first request passes, the second with the same token is 403 botcheck_failed', async () => {
      const token = await botcheckToken(t.app);
      expect((await post(valid(), { token })).statusCode).toBe(202);
      const problem = expectProblem(await post(valid(), { token }), 'botcheck_failed');
      expect(problem.detail).toMatch(/used already/);
    });

    it('expired: a token solved before the challenge ran out is refused after BOTCHECK_TTL_S', async () => {
      const token = await botcheckToken(t.app);
      t.clock.advance(601_000);
      const problem = expectProblem(await post(valid(), { token }), 'botcheck_failed');
      expect(problem.detail).toMatch(/expired/);
    });
  });

  it(`counts ${LIMIT} requests per address and window: the next is 429 rate_limited with Retry-After and RateLimit-* headers`, async () => {
    const from = freshAddress();
    for (let i = 1; i <= LIMIT; i++) {
      // A refused bot check spends the budget too: counting comes first.
      const res = i === 2 ? await post(valid(), { from, token: null }) : await post(valid(), { from });
      expect(res.statusCode, res.body).toBe(i === 2 ? 403 : 202);
      expect(res.headers['ratelimit-limit']).toBe(String(LIMIT));
      expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - i));
    }
    const refused = await post(valid(), { from });
    expectProblem(refused, 'rate_limited');
    expect(refused.headers['ratelimit-remaining']).toBe('0');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(Number(refused.headers['ratelimit-reset'])).toBeGreaterThan(0);
    // Another address is not slowed.
    expect((await post(valid())).statusCode).toBe(202);
  });

  it(`deletes messages ${CONTACT_RETENTION_DAYS} days after they arrived (the daily purge job)`, async () => {
    expect(SCHEDULES.map((s) => s.kind)).toContain(purgeContactMessagesJob.kind);
    const res = await post(valid());
    const id = res.json().id as string;
    t.clock.advance((CONTACT_RETENTION_DAYS - 1) * DAY);
    await purgeContactMessagesJob.handle(t.runtime.services, {});
    expect(await row(id)).toBeDefined();
    t.clock.advance(2 * DAY);
    await purgeContactMessagesJob.handle(t.runtime.services, {});
    expect(await row(id)).toBeUndefined();
  });
});
