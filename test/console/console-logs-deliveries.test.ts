/**
 * The console's request-log and delivery pages through app.inject, on every backend: a failed
 * call's page explains it (code, title, docs link, path as called, redacted body); a delivery
 * failing against a 500 reads "Failing, retrying" with its next attempt and the answer, is retried
 * now from its page (recorded in the audit log), and succeeds once the receiver is fixed.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

describe.each(backends())('console request logs and deliveries on $name', (backend) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: { cookie: string; origin: string };
  let key: string;
  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1' }, ownDatabase: true });
    owner = await consoleSessionHeaders(t, `owner-${randomUUID()}@transport.example`);
    key = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec((await post('/console/api-keys', { key_mode: 'test' })).body)![1]!;
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
  function post(url: string, fields: Record<string, string>) {
    return t.app.inject({ method: 'POST', url, headers: { cookie: owner.cookie, origin: owner.origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  }

  it('explains a failed call with its code, title, docs link, path as called and redacted body', async () => {
    const payload = { reference: 'PO-1', consignor: { name: 'Eva Novak', contact: { email: 'eva@novak.example' } }, password: 'p4ssw0rd-secret' };
    const failed = await t.app.inject({ method: 'POST', url: '/v1/shipments', headers: t.auth(key), payload });
    expect(failed.statusCode).toBe(422);
    await t.runtime.requestLogs.flush();
    const list = await get('/console/logs?status_class=4xx');
    expect(list.body).toContain('validation_failed');
    expect(list.body).toContain(`${key.slice(0, 8)}…${key.slice(-4)}`);
    const page = await get(`/console/logs/${failed.headers['request-id']}`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<a href="${t.runtime.config.docsUrl}/errors/validation_failed">What validation_failed means</a>`);
    expect(page.body).toContain('Validation failed');
    expect(page.body).toContain('<code id="url-path">/v1/shipments</code>');
    expect(page.body).toContain('&#34;reference&#34;: &#34;PO-1&#34;');
    for (const hidden of ['Eva Novak', 'eva@novak.example', 'p4ssw0rd-secret']) expect(page.body).not.toContain(hidden);
    expect((await get('/console/logs?lang=nl')).body).toContain('Verzoeklogboek');
  }, 120_000);

  it('shows a delivery failing against a 500 as retrying, retries it now, and it succeeds once fixed', async () => {
    receiver.respond(() => ({ status: 500, body: 'upstream down' }));
    expect((await post('/console/webhooks', { url: `${receiver.url}/hook`, events: 'shipment.issued' })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'POST', url: '/v1/shipments?issue=true', headers: t.auth(key), payload: minimalShipment() })).statusCode).toBe(201);
    await t.runtime.deliveries.tick();
    const list = await get('/console/webhooks/deliveries');
    expect(list.body).toContain('data-state="retrying"');
    const id = /\/console\/webhooks\/deliveries\/(wd_[A-Za-z0-9]+)"/.exec(list.body)![1]!;
    const failing = await get(`/console/webhooks/deliveries/${id}`);
    expect(failing.body).toMatch(/Attempt 1 of 8 failed\. Next attempt \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC\./);
    expect(failing.body).toContain('<strong>500</strong><br><code>upstream down</code>');
    expect(failing.body).toContain('Retry now');

    receiver.respond(() => ({ status: 200, body: 'ok' }));
    const retried = await post(`/console/webhooks/deliveries/${id}/retry`, {});
    expect(retried.statusCode).toBe(303);
    expect(retried.headers.location).toBe(`/console/webhooks/deliveries/${id}?done=attempting`);
    await t.runtime.deliveries.tick();
    const done = await get(`/console/webhooks/deliveries/${id}`);
    expect(done.body).toContain('data-state="succeeded"');
    expect(done.body).toContain('Retry this delivery');
    const audit = (await get('/console/audit-log?action=webhook_delivery.attempted_now')).body;
    expect(audit).toContain(id);
  }, 120_000);
});
