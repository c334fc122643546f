/**
 * The sender keeps the right of disposal after signing at pickup (CMR art. 12(1)), in headless
 * Chromium at 390×844: it signs with a link that asks for a one-time password, and two hours later
 * opens the same link at its desk — its copy, and under it the instruction form. It asks for a
 * fresh code (read from the outbox), a wrong one is said so, the right one sends the 'stop'; a code
 * gone stale meanwhile brings the code step back and the instruction waits for the new one. The
 * unused link's signing page does the same when its code has gone stale, and so does the done
 * page right after the signature spent the code. Screens are saved
 * (test/support/browser.ts says where) for a person to look at.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { horizontalOverflow, screenshot } from '../support/browser.js';
import { alertText, signAppBrowser, signDrawn } from '../support/sign-app-browser.js';
import type { Tenant } from '../support/test-app.js';

const MINUTE_MS = 60 * 1000;

describe.each(backends().slice(0, 1))('the sender instructs the carrier from its used sign link on $name', (backend) => {
  const s = signAppBrowser(backend);

  /** The last message the outbox holds for `recipient`. */
  const lastMessage = (recipient: string) => s.t.runtime.services.db.selectFrom('outbox_messages').select(['subject', 'body']).where('recipient', '=', recipient).orderBy('id', 'desc').executeTakeFirstOrThrow();

  /** Presses "Send me a code", reads the code from the outbox and confirms it. */
  async function confirmCode(page: Page, recipient: string, subject: string): Promise<void> {
    await page.locator('#otp-send').click();
    await page.locator('#otp-status', { hasText: 'Code sent to' }).waitFor();
    const message = await lastMessage(recipient);
    expect(message.subject).toBe(subject);
    await page.fill('#otp-code', /(\d{6})/.exec(message.body)![1]!);
    await page.click('#otp-form button[type=submit]');
  }

  /** An issued shipment, the sender's link that asks for a one-time password (to a recipient of its own), opened on a phone with the code confirmed. */
  async function senderLinkWithCode() {
    const tenant = await s.t.newTenant();
    const shipment = await s.issued(tenant);
    const recipient = `sender-${randomUUID()}@noordzee-logistics.example`;
    const link = await s.signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', recipient, language: 'en', otp_required: true });
    const page = await s.phonePage();
    await page.goto(link.url);
    await confirmCode(page, recipient, 'Your signing code');
    await page.locator('#step-sign').waitFor();
    return { tenant, shipment, recipient, link, page };
  }

  /** Confirms a fresh code for the instruction that waits for it, and sees it sent. */
  async function sentWithCode(page: Page, recipient: string, subject: string): Promise<void> {
    await confirmCode(page, recipient, subject);
    await page.locator('#disposal-status', { hasText: 'Instruction sent to the carrier' }).waitFor();
    expect(await page.locator('#step-otp').isHidden()).toBe(true);
  }

  const instructions = async (tenant: Tenant, shipmentId: string) => (await s.call(tenant, 'GET', `/v1/shipments/${shipmentId}/disposal-instructions`)).json().data as Record<string, any>[];

  it('signs at pickup with a code, then opens the link again, confirms a fresh code and stops the goods', async () => {
    // At pickup: the code, then the signature.
    const { tenant, shipment, recipient, link, page: pickup } = await senderLinkWithCode();
    await signDrawn(pickup, 'Sanne de Vries', 'after-signing-01-pickup');

    // Two hours later, at the desk: the same link shows the copy and the form.
    s.t.clock.advance(120 * MINUTE_MS);
    const page = await s.phonePage();
    const response = await page.goto(link.url);
    expect(response!.status()).toBe(200);
    expect(await page.locator('h1').innerText()).toBe('Already signed');
    expect(await page.locator('#already-signed-text').innerText()).toContain('and the form to instruct the carrier about the goods');
    expect(await page.locator('#copy-note').isVisible()).toBe(true);
    expect(await page.locator('#disposal-title').innerText()).toBe('Instruct the carrier (right of disposal)');
    expect(await page.locator('#step-otp').isHidden()).toBe(true);
    expect(await page.locator('#disposal-place-fields').isHidden()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'after-signing-02-copy-and-form');

    await page.selectOption('#disposal-kind', 'stop');
    await page.fill('#disposal-text', 'Hold the goods at your depot until further notice.');
    await page.click('#disposal-form button[type=submit]');
    // The signature spent its code: the instruction waits for a fresh one.
    await page.locator('#step-otp').waitFor();
    expect(await page.locator('#otp-status').innerText()).toBe('Confirm it is you with a code: your instruction is sent as soon as the code is confirmed.');
    expect(await instructions(tenant, shipment.id)).toHaveLength(0);
    await screenshot(page, 'after-signing-03-code-step', { at: '#step-otp' });

    await page.locator('#otp-send').click();
    await page.locator('#otp-status', { hasText: 'Code sent to s•••@noordzee-logistics.example' }).waitFor();
    const code = /(\d{6})/.exec((await lastMessage(recipient)).body)![1]!;
    await page.fill('#otp-code', code === '123456' ? '654321' : '123456');
    await page.click('#otp-form button[type=submit]');
    await page.locator('#otp-error:visible').waitFor();
    expect(await alertText(page, 'otp-error')).toBe('The code is wrong, expired or already used. Check it, or ask for a new code.');
    await screenshot(page, 'after-signing-04-wrong-code', { at: '#step-otp' });

    await page.fill('#otp-code', code);
    await page.click('#otp-form button[type=submit]');
    await page.locator('#disposal-status:visible, #disposal-error:visible').first().waitFor();
    expect(await alertText(page, 'disposal-error')).toBe('');
    expect(await page.locator('#disposal-status').innerText()).toBe('Instruction sent to the carrier. The carrier accepts or refuses it; once accepted, it becomes part of the consignment note.');
    expect(await page.locator('#step-otp').isHidden()).toBe(true);
    expect(await horizontalOverflow(page)).toBe(0);
    await screenshot(page, 'after-signing-05-sent', { at: '#step-disposal' });

    const [stop] = await instructions(tenant, shipment.id);
    expect(stop).toMatchObject({ instructing_party: 'consignor', kind: 'stop', status: 'instructed', text: 'Hold the goods at your depot until further notice.', evidence: { authenticated_by: 'sign_link', signature_request_id: link.id } });

    // Eleven minutes on, the code has gone stale: the service answers otp_invalid, the code step comes back, and the instruction follows the new code.
    s.t.clock.advance(11 * MINUTE_MS);
    await page.selectOption('#disposal-kind', 'change_delivery_place');
    await page.fill('#disposal-street', 'Industrieweg 40');
    await page.fill('#disposal-postal_code', '5600 AA');
    await page.fill('#disposal-city', 'Eindhoven');
    await page.fill('#disposal-country', 'nl');
    await page.click('#disposal-form button[type=submit]');
    await page.locator('#otp-error:visible').waitFor();
    expect(await alertText(page, 'otp-error')).toBe('The code is wrong, expired or already used. Check it, or ask for a new code.');
    expect(await page.locator('#step-otp').isVisible()).toBe(true);
    await sentWithCode(page, recipient, 'Your confirmation code');
    const listed = await instructions(tenant, shipment.id);
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ kind: 'change_delivery_place', delivery: { address: { city: 'Eindhoven', country: 'NL' } } });
  }, 120_000);

  it('the signing page of an unused link: an instruction whose code went stale asks for a new one, then is sent', async () => {
    const { tenant, shipment, recipient, page } = await senderLinkWithCode();

    s.t.clock.advance(11 * MINUTE_MS);
    await page.selectOption('#disposal-kind', 'stop');
    await page.click('#disposal-form button[type=submit]');
    await page.locator('#step-otp').waitFor();
    expect(await alertText(page, 'otp-error')).toBe('The code is wrong, expired or already used. Check it, or ask for a new code.');
    expect(await page.locator('#step-sign').isHidden()).toBe(true);
    await screenshot(page, 'after-signing-06-unused-stale-code', { at: '#step-otp' });
    await sentWithCode(page, recipient, 'Your signing code');
    // The signer is back where they were: the signature still to give.
    expect(await page.locator('#step-sign').isVisible()).toBe(true);
    expect((await instructions(tenant, shipment.id))[0]).toMatchObject({ instructing_party: 'consignor', kind: 'stop' });
  }, 120_000);

  it('right after signing, on the same page: the confirmation stays, the code step joins it, and the instruction follows the new code', async () => {
    const { tenant, shipment, recipient, page } = await senderLinkWithCode();
    await signDrawn(page, 'Sanne de Vries', 'after-signing-07-same-page');
    await page.selectOption('#disposal-kind', 'stop');
    await page.click('#disposal-form button[type=submit]');
    // The signature spent the code: a fresh one, worded for an instruction.
    await page.locator('#step-otp').waitFor();
    expect(await page.locator('#step-done').isVisible()).toBe(true);
    await sentWithCode(page, recipient, 'Your confirmation code');
    expect(await page.locator('#step-done').isVisible()).toBe(true);
    expect((await instructions(tenant, shipment.id))[0]).toMatchObject({ instructing_party: 'consignor', kind: 'stop' });
  }, 120_000);
});
