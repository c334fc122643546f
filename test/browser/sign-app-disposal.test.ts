/**
 * The signing page offers the right of disposal to the sender and the consignee: the consignee
 * whom the note gives it from the start sends a new place of delivery from its page; the sender,
 * not entitled then, is told why with the article. Screens: SIGN_APP_SCREENS (phone size).
 */
import { describe, expect, it } from 'vitest';
import { backends } from '../support/backends.js';
import { screenshot } from '../support/browser.js';
import { fullShipment } from '../support/shipment-fixtures.js';
import { shipmentsApi } from '../support/shipments-api.js';
import { alertText, signAppBrowser } from '../support/sign-app-browser.js';

describe.each(backends().slice(0, 1))('right of disposal on the signing page on $name', (backend) => {
  const s = signAppBrowser(backend);

  it('the consignee instructs a new place of delivery; the sender is refused naming the article', async () => {
    const tenant = await s.t.newTenant();
    const shipment = await shipmentsApi(s.t, tenant).created({ ...fullShipment(), consignee_has_right_of_disposal: true, driver: { ...fullShipment().driver!, language: 'en' } }, { issue: true });
    const consignee = await s.signLink(tenant, shipment.id, { role: 'consignee', channel: 'email', recipient: 'receiver@example.com', language: 'en' });
    const page = await s.phonePage();
    await page.goto(consignee.url);
    await page.selectOption('#disposal-kind', 'change_delivery_place');
    await page.fill('#disposal-street', 'Industrieweg 40');
    await page.fill('#disposal-postal_code', '5600 AA');
    await page.fill('#disposal-city', 'Eindhoven');
    await page.fill('#disposal-country', 'NL');
    await page.fill('#disposal-text', 'Deliver at our Eindhoven warehouse instead.');
    await screenshot(page, 'disposal-form', { at: '#step-disposal' });
    await page.click('#disposal-form button[type=submit]');
    await page.locator('#disposal-status:visible, #disposal-error:visible').first().waitFor();
    expect(await alertText(page, 'disposal-error')).toBe('');
    expect(await page.locator('#disposal-status').innerText()).toContain('Instruction sent to the carrier');
    await screenshot(page, 'disposal-sent', { at: '#step-disposal' });
    const listed = (await s.call(tenant, 'GET', `/v1/shipments/${shipment.id}/disposal-instructions`)).json().data;
    expect(listed[0]).toMatchObject({ instructing_party: 'consignee', kind: 'change_delivery_place', delivery: { address: { city: 'Eindhoven', country: 'NL' } }, evidence: { authenticated_by: 'sign_link' } });

    const consignor = await s.signLink(tenant, shipment.id, { role: 'consignor', channel: 'email', recipient: 'sender@example.com', language: 'en' });
    const senderPage = await s.phonePage();
    await senderPage.goto(consignor.url);
    await senderPage.click('#disposal-form button[type=submit]');
    await senderPage.locator('#disposal-error:visible').waitFor();
    expect(await alertText(senderPage, 'disposal-error')).toContain('CMR article 12(3)');
    await screenshot(senderPage, 'disposal-refused', { at: '#step-disposal' });
  });
});
