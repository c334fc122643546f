/**
 * The console in a real browser, embedded backend only: sign up through the
 * sign-in form with the link read from the SMTP peer, make an API key on its page and use it, add a
 * webhook endpoint to a local receiver, send it a test ping and find it in the delivery log, invite
 * a colleague who accepts in a browser of their own, and see each act in the audit log. No page may scroll sideways at 390 px; with CONSOLE_SCREENS set to
 * a folder, every page is saved there at 390 px and 1280 px (pages-<name>-<width>.png).
 */
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeOnEmbedded } from '../support/backends.js';
import { horizontalOverflow, launchChromium } from '../support/browser.js';
import { listeningTestApp } from '../support/listening-app.js';
import { mailText, startSmtpSink, type SmtpSink } from '../support/smtp-sink.js';
import type { TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

const WIDTHS = [390, 1280] as const;

describeOnEmbedded('the console in a browser', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  let smtp: SmtpSink;
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    [smtp, receiver, browser] = await Promise.all([startSmtpSink(), startWebhookReceiver(), launchChromium()]);
    t = await listeningTestApp(backend, { env: { SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' } });
  });
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await Promise.all([smtp?.close(), receiver?.close()]);
  });

  /** On the phone nothing may be wider than the screen; with CONSOLE_SCREENS set, the page is saved at both widths there. */
  async function shoot(page: Page, name: string): Promise<void> {
    const folder = process.env.CONSOLE_SCREENS;
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 844 });
      if (width === 390) expect(await horizontalOverflow(page), `${name} scrolls sideways on a phone`).toBe(0);
      if (folder) await page.screenshot({ path: join(folder, `pages-${name}-${width}.png`), fullPage: true });
    }
  }

  async function linkFor(email: string, kind: 'magic' | 'invitations' = 'magic'): Promise<string> {
    for (let i = 0; i < 100 && !smtp.received.some((m) => m.to.includes(email)); i++) await new Promise((r) => setTimeout(r, 50));
    const mail = smtp.received.find((m) => m.to.includes(email));
    expect(mail, `no mail to ${email}`).toBeDefined();
    return new RegExp(`http://127\\.0\\.0\\.1:\\d+/console/${kind}/[A-Za-z0-9_-]+`).exec(mailText(mail!.raw))![0];
  }

  it('signs up by mail, makes and uses a key, pings a webhook, and finds every act in the audit log', async () => {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 844 } })).newPage();
    const email = `browser-${randomUUID()}@transport.example`;

    await page.goto(`${t.baseUrl}/console`);
    await shoot(page, 'sign-in');
    await page.fill('#email', email);
    await page.click('button[type=submit]');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Check your mail');
    await shoot(page, 'check-mail');

    // The link opens a page with one button (a mail scanner opening it spends nothing).
    await page.goto(await linkFor(email));
    expect(await page.locator('main, body').first().innerText()).toContain(email);
    await shoot(page, 'confirm-sign-in');
    await page.click('button:text-is("Sign in")');
    expect(new URL(page.url()).pathname).toBe('/console');
    expect(await page.locator('main').innerText()).toContain(email);
    await shoot(page, 'overview');

    // An API key, made on the page and used from outside the browser.
    await page.click('nav.side >> text=API keys');
    await page.check('input[name=scopes][value="shipments:read"]');
    await page.check('input[name=scopes][value="shipments:write"]');
    await shoot(page, 'api-keys-empty');
    await page.click('text=Create key');
    const key = await page.locator('#new-key').innerText();
    expect(key).toMatch(/^sk_test_/);
    await shoot(page, 'api-key-new');
    const whoami = await fetch(`${t.baseUrl}/v1/whoami`, { headers: { authorization: `Bearer ${key}` } });
    expect(whoami.status).toBe(200);
    await page.click('text=Back to the API keys');
    expect(await page.locator('main').innerText()).not.toContain(key);
    await shoot(page, 'api-keys');
    await page.click('main a[href$="/revoke"]');
    await shoot(page, 'api-key-revoke');
    await page.click('main a:text-is("Cancel")');

    // A webhook endpoint to the local receiver, and a test ping.
    await page.click('nav.side >> text=Webhooks');
    await page.fill('#f-url', `${receiver.url}/hook`);
    await page.fill('#f-description', 'Operations desk');
    await shoot(page, 'webhooks-empty');
    await page.click('text=Add endpoint');
    expect(await page.locator('#new-secret').innerText()).toMatch(/^whsec_/);
    await shoot(page, 'webhook-created');
    await page.click('text=Send test ping');
    expect(await page.locator('.notice').innerText()).toContain('Test ping sent: succeeded, the receiver answered 200');
    expect(receiver.received.at(-1)!.json.type).toBe('webhook.ping');
    await shoot(page, 'webhook-ping');
    await page.click('main >> text=Delivery log');
    expect(await page.locator('main table').innerText()).toContain('webhook.ping');
    await shoot(page, 'webhook-deliveries');
    await page.click('main table a');
    await shoot(page, 'webhook-delivery');
    await page.click('nav.side >> text=Webhooks');
    await shoot(page, 'webhooks');
    await page.click(`main >> text=${receiver.url}/hook`);
    await shoot(page, 'webhook-endpoint');
    await page.click('main a[href$="/delete"]');
    await shoot(page, 'webhook-delete');

    // The key's calls in the request logs; the event feed.
    await fetch(`${t.baseUrl}/v1/shipments`, { headers: { authorization: `Bearer ${key}` } });
    await t.runtime.requestLogs.flush();
    await page.click('nav.side >> text=Request logs');
    expect(await page.locator('main table').innerText()).toContain('/v1/whoami');
    await shoot(page, 'logs');
    await page.click('main table a');
    await shoot(page, 'log');
    await page.click('nav.side >> text=Events');
    await shoot(page, 'events');

    // A colleague invited on the members page accepts in a browser of their own, and is listed with the role.
    const colleague = `colleague-${randomUUID()}@transport.example`;
    await page.click('nav.side >> text=Members');
    await page.fill('#invite-email', colleague);
    await page.selectOption('#invite-role', 'viewer');
    await page.click('button:text-is("Send invitation")');
    expect(await page.locator('.notice').innerText()).toBe('Invitation sent.');
    await shoot(page, 'members-invited');
    const theirs = await (await browser.newContext({ viewport: { width: 390, height: 844 } })).newPage();
    await theirs.goto(await linkFor(colleague, 'invitations'));
    expect(await theirs.locator('body').innerText()).toContain('as viewer');
    await theirs.click('button:text-is("Accept and sign in")');
    expect(new URL(theirs.url()).pathname).toBe('/console');
    expect(await theirs.locator('main').innerText()).toContain(colleague);
    await page.reload();
    expect(await page.locator('main').innerText()).toContain(colleague);
    await shoot(page, 'members');

    // Every act in the audit log, the colleague's joining included.
    await page.click('nav.side >> text=Audit log');
    const audit = await page.locator('main').innerText();
    for (const action of ['member.joined', 'user.signed_in', 'api_key.created', 'webhook_endpoint.created', 'member.invited']) expect(audit).toContain(action);
    const rows = await page.locator('main table').innerText();
    expect(rows.split('member.joined').length - 1, 'the owner and the colleague joined').toBe(2);
    expect(audit).toContain('The hash chain is intact');
    await shoot(page, 'audit-log');
    await page.goto(`${t.baseUrl}/console/audit-log?lang=nl`);
    expect(await page.locator('h1').innerText()).toBe('Auditlog');
    await shoot(page, 'audit-log-nl');
  }, 60_000);
});
