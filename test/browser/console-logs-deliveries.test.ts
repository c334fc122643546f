/**
 * The dispatcher's console in a real browser, on the pages that explain what went wrong: a failed
 * API call's request log (error code, title, docs link, the path as called, the bodies redacted, the
 * key by its hint), and webhook deliveries (a receiver answering 500: failing and retrying with the
 * next attempt's time and the answer; retried after the receiver is fixed; a ping that got no
 * answer; failed and dead told apart). A viewer sees the pages without a retry button, and forged
 * retries are refused. axe-core finds nothing critical or serious on these pages. With
 * CONSOLE_SCREENS set to a folder, each page is saved there at 1440×900 and 390×844.
 */
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keyHint } from '../../src/modules/api-keys/api-key-secret.js';
import { describeOnEmbedded } from '../support/backends.js';
import { launchChromium } from '../support/browser.js';
import { checkConsolePage as check, CONSOLE_SIZES as SIZES } from '../support/console-page-check.js';
import { consoleSessionHeaders, memberSessionHeaders } from '../support/console-session.js';
import { listeningTestApp } from '../support/listening-app.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import type { TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

type Session = { cookie: string; origin: string };

describeOnEmbedded('request logs and webhook deliveries in the console', (backend) => {
  let t: TestApp & { baseUrl: string };
  let browser: Browser;
  let receiver: WebhookReceiver;
  let owner: Session;
  let organizationId: string;
  beforeAll(async () => {
    [receiver, browser] = await Promise.all([startWebhookReceiver(), launchChromium()]);
    t = await listeningTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' } });
    owner = await consoleSessionHeaders(t, `dispatcher-${randomUUID()}@transport.example`);
    organizationId = (await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: owner.cookie } })).json().organization.id;
  }, 300_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await receiver?.close();
  });

  const post = (url: string, fields: Record<string, string>, session: Session = owner, origin = session.origin) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: session.cookie, origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });

  /** A page of a browser signed in with `session`; the console's CSP is bypassed only so that axe can be added. */
  async function pageOf(session: Session): Promise<Page> {
    const context = await browser.newContext({ viewport: SIZES[0], bypassCSP: true });
    const [name, value] = session.cookie.split('=') as [string, string];
    await context.addCookies([{ name, value, url: t.baseUrl }]);
    return context.newPage();
  }

  it('explains a failed call: code, title, docs link, the path as called, the key by its hint, the body redacted', async () => {
    const made = await post('/console/api-keys', { key_mode: 'test' });
    const key = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec(made.body)![1]!;
    const secret = `sk_live_${randomUUID().replaceAll('-', '')}`;
    const body = { reference: 'PO-77', api_token: secret, consignor: { name: 'Marta Nowak', contact: { email: 'marta@nowak.example', phone: '+48601234567' } } };
    const failed = await fetch(`${t.baseUrl}/v1/shipments`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(failed.status).toBe(422);
    await fetch(`${t.baseUrl}/v1/shipments/shp_01JD0000000000000000000000`, { headers: { authorization: `Bearer ${key}` } });
    await t.runtime.requestLogs.flush();

    const page = await pageOf(owner);
    // The key as the API keys page names it.
    const hint = keyHint(key);
    await page.goto(`${t.baseUrl}/console/api-keys`);
    expect(await page.locator('main table').innerText()).toContain(hint);
    await page.goto(`${t.baseUrl}/console/logs`);
    const list = await page.locator('main table').innerText();
    expect(list).toContain('/v1/shipments/shp_01JD0000000000000000000000');
    expect(list).toContain('not_found');
    expect(list).toContain(hint);
    await check(page, 'logs');

    await page.click(`main table a[href="/console/logs/${failed.headers.get('request-id')}"]`);
    const summary = page.locator('#error-summary');
    expect(await summary.innerText()).toContain('422 validation_failed');
    expect(await summary.innerText()).toContain('Validation failed');
    const docs = await summary.locator('a').getAttribute('href');
    expect(docs).toBe(`${t.runtime.config.docsUrl}/errors/validation_failed`);
    expect(await page.locator('#url-path').innerText()).toBe('/v1/shipments');
    const main = await page.locator('main').innerText();
    expect(main).toContain(hint);
    expect(main).toContain('"reference": "PO-77"');
    expect(main).toContain('"api_token": "[redacted]"');
    for (const kept of [secret, 'Marta Nowak', 'marta@nowak.example', '+48601234567', key]) expect(await page.content()).not.toContain(kept);
    await check(page, 'log-failed');
    await page.click('#error-summary a');
    expect(await page.locator('body').innerText()).toContain('validation_failed');
  }, 120_000);

  it('shows a delivery failing against a 500 with its next attempt and answer, retries it once fixed; told apart from failed and dead', async () => {
    receiver.respond(() => ({ status: 500, body: 'receiver broken: database locked' }));
    const created = await post('/console/webhooks', { url: `${receiver.url}/hook`, events: '*' });
    expect(created.statusCode).toBe(201);
    const tenantKey = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec((await post('/console/api-keys', { key_mode: 'test' })).body)![1]!;
    const shipment = await fetch(`${t.baseUrl}/v1/shipments?issue=true`, { method: 'POST', headers: { authorization: `Bearer ${tenantKey}`, 'content-type': 'application/json' }, body: JSON.stringify(minimalShipment()) });
    expect(shipment.status).toBe(201);
    await t.runtime.deliveries.tick();
    expect(receiver.received.length).toBeGreaterThan(0);

    // A ping to a port where nothing listens: no answer, so an error; and one more to mark dead.
    const closed = await post('/console/webhooks', { url: 'http://127.0.0.1:9/nothing', events: '*' });
    const closedId = /\/console\/webhooks\/(we_[A-Za-z0-9]+)\/ping/.exec(closed.body)![1]!;
    const refused = await post(`/console/webhooks/${closedId}/ping`, {});
    const refusedId = /<code>(wd_[A-Za-z0-9]+)<\/code>/.exec(refused.body)![1]!;
    const deadId = /<code>(wd_[A-Za-z0-9]+)<\/code>/.exec((await post(`/console/webhooks/${closedId}/ping`, {})).body)![1]!;
    await t.runtime.services.db.updateTable('webhook_deliveries').set({ status: 'dead' }).where('id', '=', deadId).execute();

    const page = await pageOf(owner);
    await page.goto(`${t.baseUrl}/console/webhooks/deliveries`);
    const states = await page.locator('main table [data-state]').evaluateAll((cells) => cells.map((c) => c.getAttribute('data-state')));
    expect(new Set(states)).toEqual(new Set(['retrying', 'failed', 'dead']));
    expect(await page.locator('main table').innerText()).toContain('Failing, retrying');
    await check(page, 'deliveries');

    await page.locator('main table tr:has([data-state=retrying]) a').first().click();
    expect(await page.locator('#delivery-state').innerText()).toBe('Failing, retrying');
    expect(await page.locator('#delivery-state-text').innerText()).toMatch(/^Attempt 1 of 8 failed\. Next attempt \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\.$/);
    const attempt = await page.locator('main table tbody tr').first().innerText();
    expect(attempt).toContain('500');
    expect(attempt).toContain('receiver broken: database locked');
    expect(await page.locator('main table tbody tr td').last().innerText()).toBe('');
    await check(page, 'delivery-retrying');

    receiver.respond(() => ({ status: 200, body: 'ok' }));
    await page.click('button:text-is("Retry now")');
    expect(await page.locator('.notice').innerText()).toContain('The next attempt is due now');
    await t.runtime.deliveries.tick();
    await page.reload();
    expect(await page.locator('#delivery-state').innerText()).toBe('Succeeded');
    expect(await page.locator('main table tbody tr').count()).toBe(2);
    await check(page, 'delivery-succeeded');

    await page.goto(`${t.baseUrl}/console/webhooks/deliveries/${refusedId}`);
    expect(await page.locator('#delivery-state').innerText()).toBe('Failed');
    const refusedRow = await page.locator('main table tbody tr').first().innerText();
    expect(refusedRow).toContain('no answer');
    expect(await page.locator('main table tbody tr td').last().innerText()).not.toBe('');
    await check(page, 'delivery-no-answer');
    await page.goto(`${t.baseUrl}/console/webhooks/deliveries/${deadId}`);
    expect(await page.locator('#delivery-state').innerText()).toBe('Dead');
    await page.click('button:text-is("Retry this delivery")');
    expect(await page.locator('.notice').innerText()).toContain('queued again');

    await page.goto(`${t.baseUrl}/console/audit-log`);
    const audit = await page.locator('main table').innerText();
    expect(audit).toContain('webhook_delivery.attempted_now');
    expect(audit).toContain('webhook_delivery.replayed');
  }, 120_000);

  it('shows a viewer the pages without a retry button and refuses forged retries', async () => {
    const ownerId = (await t.runtime.services.db.selectFrom('memberships').select('user_id').where('organization_id', '=', organizationId).where('role', '=', 'owner').executeTakeFirstOrThrow()).user_id;
    const viewer = await memberSessionHeaders(t, organizationId, ownerId, 'viewer');
    const page = await pageOf(viewer);
    await page.goto(`${t.baseUrl}/console/webhooks/deliveries?status=failed`);
    await page.locator('main table a').first().click();
    expect(await page.locator('#delivery-state').innerText()).toBe('Failed');
    expect(await page.locator('form[action$="/retry"]').count()).toBe(0);
    await check(page, 'delivery-viewer');
    const deliveryId = new URL(page.url()).pathname.split('/').at(-1)!;
    const asViewer = await fetch(`${t.baseUrl}/console/webhooks/deliveries/${deliveryId}/retry`, { method: 'POST', redirect: 'manual', headers: { cookie: viewer.cookie, origin: viewer.origin, 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(asViewer.status).toBe(403);
    const fromElsewhere = await fetch(`${t.baseUrl}/console/webhooks/deliveries/${deliveryId}/retry`, { method: 'POST', redirect: 'manual', headers: { cookie: owner.cookie, origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(fromElsewhere.status).toBe(403);
    await page.goto(`${t.baseUrl}/console/logs`);
    expect(await page.locator('h1').innerText()).toBe('Request logs');
  }, 60_000);
});
