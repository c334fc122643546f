/**
 * Without CONTACT_EMAIL, a contact message is only stored: accepted the same, no e-mail and no job.
 * And the contact page as served: its language, its CSP and its files.
 */
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

  it('serves the page in the Accept-Language (French), ?lang= overriding, under a CSP that allows only this origin', async () => {
    const fr = await t.app.inject({ method: 'GET', url: '/contact', headers: { 'accept-language': 'fr-BE,fr;q=0.9,en;q=0.5' } });
    expect(fr.statusCode).toBe(200);
    expect(fr.body).toContain('<html lang="fr">');
    expect(fr.body).toContain('Nous contacter');
    expect(fr.headers['content-security-policy']).toBe("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; worker-src 'self'; form-action 'none'; base-uri 'none'; frame-ancestors 'none'");
    expect(fr.headers['cache-control']).toBe('no-store');
    const de = await t.app.inject({ method: 'GET', url: '/contact?lang=de', headers: { 'accept-language': 'fr' } });
    expect(de.body).toContain('<html lang="de">');
    expect((await t.app.inject({ method: 'GET', url: '/contact?lang=es', headers: { 'accept-language': 'es' } })).body).toContain('<html lang="en">');
  });

  it('serves the widget, its worker and the page script under content-hashed names, cached; an unknown name is 404', async () => {
    const page = (await t.app.inject({ method: 'GET', url: '/contact' })).body;
    const paths = [...page.matchAll(/(?:src|href)="(\/contact\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    const worker = JSON.parse(page.match(/<script type="application\/json" id="contact-data">(.*?)<\/script>/)![1]!).worker as string;
    expect(paths.some((p) => /\/altcha\.[0-9a-f]{12}\.min\.js$|\/altcha\.min\.[0-9a-f]{12}\.js$/.test(p))).toBe(true);
    for (const path of [...paths, worker]) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('public, max-age=31536000, immutable');
      expect(res.headers['content-type'], path).toMatch(/^(text\/javascript|text\/css)/);
    }
    expect(worker).toMatch(/^\/contact\/assets\/pbkdf2\.[0-9a-f]{12}\.js$/);
    expect((await t.app.inject({ method: 'GET', url: '/contact/assets/altcha.js' })).statusCode).toBe(404);
  });
});
