/**
 * The contact page in headless Chromium on a phone: the visitor fills the form, the
 * page's own script solves the proof of work with the altcha widget (its worker served by the
 * service, under the page's strict CSP), sends the message and shows the thank-you; the message
 * reaches the mailbox of CONTACT_EMAIL through a real SMTP server. In Dutch, a message the service
 * refuses shows at its field. Screens are saved as PNGs (test/support/browser.ts says where).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { horizontalOverflow, launchChromium, phoneContext, screenshot } from '../support/browser.js';
import { listeningTestApp } from '../support/listening-app.js';
import { mailText, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import type { TestApp } from '../support/test-app.js';

const CONTACT_EMAIL = 'hello@fds.example';
/** The page's window on this app (its own in-memory store, so no other file counts 127.0.0.1 here). */
const LIMIT = 5;

describeOnEmbedded('contact page in Chromium', (embedded) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    [t, browser] = await Promise.all([listeningTestApp(embedded, { env: { SMTP_URL: smtp.url, CONTACT_EMAIL, CONTACT_RATE_LIMIT: String(LIMIT) } }), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await smtp?.close();
  });

  /** A phone page that records what the console says (a CSP violation is reported there) and script errors. */
  async function phonePage(locale: string): Promise<{ page: Page; problems: string[] }> {
    const page = await (await phoneContext(browser, { locale })).newPage();
    const problems: string[] = [];
    page.on('console', (m) => {
      const where = new URL(m.location().url || 'about:blank').pathname;
      // The browser asks for a favicon the service does not have.
      if (where === '/favicon.ico') return;
      if (m.type() === 'error' || /Content Security Policy/i.test(m.text())) problems.push(`${m.text()} ${where}`);
    });
    page.on('pageerror', (e) => problems.push(e.message));
    return { page, problems };
  }

  async function fill(page: Page, fields: { name: string; email: string; organization?: string; message: string }) {
    await page.fill('#contact-name', fields.name);
    await page.fill('#contact-email', fields.email);
    if (fields.organization) await page.fill('#contact-organization', fields.organization);
    await page.fill('#contact-message', fields.message);
  }

  it('fills the form, solves the proof of work in the page, shows the thank-you, and the message reaches CONTACT_EMAIL', async () => {
    const { page, problems } = await phonePage('en-GB');
    const response = await page.goto(`${t.baseUrl}/contact`);
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    expect(await page.locator('h1').innerText()).toBe('Contact us');
    // Every field has its label.
    for (const id of ['contact-name', 'contact-email', 'contact-organization', 'contact-message']) expect(await page.locator(`label[for="${id}"]`).count(), id).toBe(1);
    await page.locator('altcha-widget').waitFor();
    await screenshot(page, 'contact-en-empty', { fullPage: true });

    await fill(page, { name: 'Sanne de Vries', email: 'sanne@noordzee.example', organization: 'Noordzee Logistics', message: 'Hello,\nplease send me your price list for 500 notes a month.' });
    await screenshot(page, 'contact-en-filled', { fullPage: true });
    await page.click('#contact-submit');
    await page.locator('#contact-thanks:visible, #contact-error:visible').first().waitFor({ timeout: 20_000 });
    expect(await page.locator('#contact-error').innerText()).toBe('');
    expect(await page.locator('#thanks-text').innerText()).toBe('Your message has arrived. We answer by e-mail.');
    const thanks = await page.locator('#thanks-reference').innerText();
    expect(thanks).toMatch(/^Reference: ctc_[0-9A-Z]{26}$/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('thanks-title');
    await screenshot(page, 'contact-en-thanks');
    expect(await horizontalOverflow(page)).toBe(0);
    expect(problems).toEqual([]);

    const id = thanks.match(/ctc_[0-9A-Z]{26}/)![0];
    while ((await t.runtime.jobs.loop.tick()) > 0);
    const mail = smtp.received.find((m) => mailText(m.raw).includes(id));
    expect(mail?.to).toEqual([CONTACT_EMAIL]);
    expect(mail!.raw).toMatch(/^Reply-To: Sanne de Vries <sanne@noordzee\.example>/m);
    expect(mailText(mail!.raw)).toContain('please send me your price list for 500 notes a month.');
    const stored = await t.runtime.services.db.selectFrom('contact_messages').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ name: 'Sanne de Vries', organization: 'Noordzee Logistics', language: 'en', email_status: 'sent' });
  });

  it('in Dutch (?lang=nl): the page and the widget speak Dutch, a field the browser cannot judge is refused at its field, then the message goes', async () => {
    const { page, problems } = await phonePage('en-GB');
    await page.goto(`${t.baseUrl}/contact?lang=nl`);
    expect(await page.getAttribute('html', 'lang')).toBe('nl');
    expect(await page.locator('h1').innerText()).toBe('Neem contact op');
    expect(await page.locator('label[for="contact-email"]').innerText()).toBe('Uw e-mailadres');
    await page.locator('altcha-widget').waitFor();
    expect(await page.locator('altcha-widget').innerText()).toContain('Ik ben geen robot');

    // An address the browser takes but the service does not (no dot in the domain).
    await fill(page, { name: 'Pieter Jansen', email: 'pieter@localhost', message: 'Graag een offerte.' });
    await page.click('#contact-submit');
    await page.locator('#contact-email-error:visible').waitFor({ timeout: 20_000 });
    expect(await page.locator('#contact-email-error').innerText()).toBe('Vul een geldig e-mailadres in, zoals naam@bedrijf.example.');
    expect(await page.getAttribute('#contact-email', 'aria-invalid')).toBe('true');
    expect(await page.locator('#contact-error').innerText()).toBe('Controleer de gemarkeerde velden.');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-email');
    await screenshot(page, 'contact-nl-field-error', { fullPage: true });

    await page.fill('#contact-email', 'pieter@jansen.example');
    await page.click('#contact-submit');
    await page.locator('#contact-thanks:visible').waitFor({ timeout: 20_000 });
    expect(await page.locator('#thanks-text').innerText()).toBe('Uw bericht is aangekomen. We antwoorden per e-mail.');
    expect(await page.locator('#thanks-reference').innerText()).toMatch(/^Kenmerk: ctc_[0-9A-Z]{26}$/);
    await screenshot(page, 'contact-nl-thanks');
    // The browser reports the refused request, and nothing else went wrong.
    expect(problems).toEqual(['Failed to load resource: the server responded with a status of 422 (Unprocessable Entity) /v1/public/contact']);
  });

  it('in German (Accept-Language): past the window the page says when to try again, and keeps what was typed', async () => {
    const { page } = await phonePage('de-DE');
    await page.goto(`${t.baseUrl}/contact`);
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    await page.locator('altcha-widget').waitFor();
    let refused = false;
    // The other tests spent some of the window: send until the service refuses.
    for (let i = 0; i <= LIMIT && !refused; i++) {
      await fill(page, { name: 'Jörg Müller', email: 'joerg@rhein.example', message: `Nachricht ${i}` });
      await page.click('#contact-submit');
      await page.locator('#contact-thanks:visible, #contact-error:visible').first().waitFor({ timeout: 20_000 });
      refused = await page.locator('#contact-error').isVisible();
      if (!refused) await page.click('#contact-another');
    }
    expect(refused).toBe(true);
    expect(await page.locator('#contact-error').innerText()).toMatch(/^Sie haben in kurzer Zeit mehrere Nachrichten gesendet\. Bitte versuchen Sie es in \d+ Minuten erneut\.$/);
    expect(await page.inputValue('#contact-message')).toMatch(/^Nachricht \d$/);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('contact-error');
    await screenshot(page, 'contact-de-rate-limited', { at: '#contact-error' });
  });
});
