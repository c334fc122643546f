/**
 * What the signing web app's browser tests share: inside a `describe` per backend, a listening test
 * app and headless Chromium for the whole block, calls to the API with the tenant's test key, sign
 * links, phone-sized pages, and signing on the page with a check of the confirmation.
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Backend } from './backends.js';
import { drawSignature, launchChromium, phoneContext, screenshot } from './browser.js';
import { listeningTestApp } from './listening-app.js';
import { fullShipment } from './shipment-fixtures.js';
import { shipmentsApi } from './shipments-api.js';
import type { Tenant, TestApp } from './test-app.js';

/** Presses sign, and checks the confirmation names the signer (no error shown). */
export async function submitSigned(page: Page, name: string, screen: string): Promise<void> {
  await page.click('#sign-submit');
  await page.locator('#step-done:visible, #sign-error:visible').first().waitFor();
  expect(await page.locator('#sign-error').innerText()).toBe('');
  expect(await page.locator('#done-text').innerText()).toContain(name);
  await screenshot(page, `${screen}-signed`, { at: '#step-done' });
}

/** Reads the page as the signer does, signs with a drawn signature, and checks the confirmation. */
export async function signDrawn(page: Page, name: string, screen: string): Promise<void> {
  await page.fill('#signer-name', name);
  await drawSignature(page, '#pad');
  await screenshot(page, `${screen}-drawn`, { at: '#step-sign' });
  await submitSigned(page, name, screen);
}

export const alertText = (page: Page, id: string) => page.locator(`#${id}`).innerText();

/** Registers the block's app and browser (beforeAll/afterAll); `t` and `browser` are set once it runs. */
export function signAppBrowser(backend: Backend) {
  const s = {} as { t: TestApp & { baseUrl: string }; browser: Browser };
  beforeAll(async () => {
    [s.t, s.browser] = await Promise.all([listeningTestApp(backend), launchChromium()]);
  });
  afterAll(async () => {
    await s.browser?.close();
    await s.t?.close();
  });

  const call = (tenant: Tenant, method: 'GET' | 'POST', url: string, payload?: object) => s.t.app.inject({ method, url, headers: s.t.auth(tenant.testKey), ...(payload ? { payload } : {}) });
  return {
    get t() {
      return s.t;
    },
    call,
    async signLink(tenant: Tenant, shipmentId: string, body: object) {
      const res = await call(tenant, 'POST', `/v1/shipments/${shipmentId}/signature-requests`, body);
      expect(res.statusCode, res.body).toBe(201);
      return res.json() as { id: string; url: string };
    },
    issued: (tenant: Tenant) => shipmentsApi(s.t, tenant).created(fullShipment(), { issue: true }),
    phonePage: async (options: Parameters<typeof phoneContext>[1] = {}) => (await phoneContext(s.browser, options)).newPage(),
  };
}
