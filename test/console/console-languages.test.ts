/**
 * The console in German, French and Polish, through app.inject on every backend: every page of the
 * navigation and the pages behind it (a shipment, its edit form, a tour, an endpoint, a delivery, an
 * event, the confirm steps, the 404 page), and signed out the sign-in page, its answer and a refused
 * sign-in link, are asked with `?lang=`; each says `<html lang>` right and keeps none of a list of
 * English UI words. The sign-in page offers all five languages; form findings come in the page's
 * language where the API has its words (German, French), in English for Polish.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSOLE_NAV_PATHS } from '../../src/modules/console/console-words.js';
import { ACT_WORDS } from '../../src/modules/console/shipment-act-words.js';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders } from '../support/console-session.js';
import { englishLeft, pageWords, stringsOf } from '../support/english-words.js';
import { fullShipment, minimalShipment } from '../support/shipment-fixtures.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../support/webhook-receiver.js';

type Session = { cookie: string; origin: string };
const LANGUAGES = ['de', 'fr', 'pl'] as const;

describe.each(backends())('the console in German, French and Polish on $name', (backend) => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let owner: Session;
  let issued: string;
  let draft: string;
  const pages: string[] = [];
  const run = randomUUID().slice(0, 8).toUpperCase();
  const issuedBody = { ...fullShipment(), reference: `PO-${run}` };
  const draftBody = { ...minimalShipment(), reference: `DR-${run}` };
  const tourName = `R12 Venlo–Ruhr ${run}`;
  /** What this test typed itself: names, addresses, instructions — not the console's words. */
  const own = [...stringsOf([issuedBody, draftBody]), tourName, 'Piotr Nowak'];

  const get = (url: string, session?: Session, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...(session ? { cookie: session.cookie } : {}), ...headers } });
  const post = (url: string, fields: [string, string][], session: Session = owner) =>
    t.app.inject({ method: 'POST', url, headers: { cookie: session.cookie, origin: session.origin, 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString() });
  const firstHref = (html: string, pattern: RegExp) => pattern.exec(html)?.[1];

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    // The walk asks some thirty pages in each language at once, past a console session's 100 requests a second on a quick machine.
    t = await buildTestApp(backend, { env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: '1', RATE_LIMIT_REQUESTS: '1000000' } });
    owner = await consoleSessionHeaders(t, `dispatch-${randomUUID()}@transport.example`);
    // The organisation a first sign-in makes is named in English after its member: the member's data, not the console's words.
    own.unshift((await t.app.inject({ method: 'GET', url: '/v1/auth/session', headers: { cookie: owner.cookie } })).json().organization.name);
    const made = await post('/console/api-keys', [['key_mode', 'test']]);
    const key = /id="new-key">(sk_test_[A-Za-z0-9_]+)</.exec(made.body)![1]!;
    expect((await post('/console/webhooks', [['url', `${receiver.url}/hook`], ['events', '*']])).statusCode).toBe(201);
    const create = async (body: object, issue: boolean) => {
      const res = await t.app.inject({ method: 'POST', url: `/v1/shipments${issue ? '?issue=true' : ''}`, headers: t.auth(key), payload: body });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    issued = await create(issuedBody, true);
    draft = await create(draftBody, false);
    const planned = await post('/console/tours/new', [
      ['name', tourName], ['date', '2026-12-07'], ['driver_name', 'Piotr Nowak'], ['driver_phone', `+4860${randomInt(1_000_000, 9_999_999)}1`], ['driver_language', 'pl'], ['plate', 'VX-12-BC'],
      ['stop', `${issued}:pickup`], ['stop', `${issued}:delivery`], ['act', 'plan'],
    ]);
    expect(planned.statusCode, planned.body).toBe(303);
    const tour = (planned.headers.location as string).split('?')[0]!;

    const list = async (path: string, pattern: RegExp) => {
      const html = (await get(path, owner)).body;
      const found = firstHref(html, pattern);
      expect(found, `no link like ${pattern} on ${path}`).toBeDefined();
      return found!;
    };
    const endpoint = await list('/console/webhooks', /href="(\/console\/webhooks\/we_[^"?]+)"/);
    let delivery: string | undefined;
    for (let i = 0; i < 100 && !delivery; i++) {
      delivery = firstHref((await get('/console/webhooks/deliveries', owner)).body, /href="(\/console\/webhooks\/deliveries\/[^"?]+)"/);
      if (!delivery) await new Promise((r) => setTimeout(r, 50));
    }
    const event = await list('/console/events', /href="(\/console\/events\/[^"?]+)"/);
    // Request logs are written in batches: the call shows up within seconds.
    let requestLog: string | undefined;
    for (let i = 0; i < 100 && !requestLog; i++) {
      requestLog = firstHref((await get('/console/logs', owner)).body, /href="(\/console\/logs\/[^"?]+)"/);
      if (!requestLog) await new Promise((r) => setTimeout(r, 100));
    }
    const keyRevoke = await list('/console/api-keys', /href="(\/console\/api-keys\/[^"?]+\/revoke)"/);
    pages.push(
      ...Object.values(CONSOLE_NAV_PATHS),
      '/console/shipments/new', `/console/shipments/${issued}`, `/console/shipments/${draft}`, `/console/shipments/${draft}/edit`, `/console/shipments/${issued}/efti`,
      '/console/tours/new', tour, endpoint, `${endpoint}/delete`, '/console/webhooks/deliveries', event, keyRevoke,
      ...(delivery ? [delivery] : []),
      ...(requestLog ? [requestLog] : []),
    );
  }, 300_000);
  afterAll(async () => {
    await t?.close();
    await receiver?.close();
  });

  function expectSpoken(html: string, language: string, where: string): void {
    expect(html, where).toContain(`<html lang="${language}">`);
    expect(englishLeft(pageWords(html, own)), `English words on ${where}`).toEqual([]);
  }

  it.each(LANGUAGES)('speaks %s on every signed-in page', async (language) => {
    expect(pages.length).toBeGreaterThan(20);
    const left: Record<string, string[]> = {};
    for (const path of pages) {
      const res = await get(`${path}${path.includes('?') ? '&' : '?'}lang=${language}`, owner);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
      expect(res.body, path).toContain(`<html lang="${language}">`);
      const english = englishLeft(pageWords(res.body, own));
      if (english.length > 0) left[path.replace(/[a-z]+_[0-9A-Z]{26}/g, ':id')] = english;
    }
    expect(left, 'English words left, by page').toEqual({});
    // The confirm steps of acts that cannot be undone, and setting up a second factor.
    for (const [path, fields] of [[`/console/shipments/${draft}/issue`, [['mode', 'test']]], [`/console/shipments/${draft}/cancel`, [['mode', 'test']]], ['/console/two-factor/enrol', []]] as const) {
      let res = await post(`${path}?lang=${language}`, fields.map(([k, v]) => [k, v]));
      if (res.statusCode === 303) res = await get(res.headers.location as string, owner);
      expect(res.statusCode, `${path}: ${res.body.slice(0, 300)}`).toBe(200);
      if (path.endsWith('enrol')) expect(res.body).toContain('id="totp-secret"');
      expectSpoken(res.body, language, path);
    }
    // A refused act comes back as a notice in the page's words: an issued shipment is not issued again.
    const refused = await post(`/console/shipments/${issued}/issue?lang=${language}`, [['mode', 'test'], ['confirmed', '1']]);
    expect(refused.statusCode).toBe(303);
    const notice = await get(`${refused.headers.location as string}&lang=${language}`, owner);
    expect(notice.body).toMatch(/<p class="notice error" role="alert">[^<]+<\/p>/);
    expect(notice.body).toContain(ACT_WORDS[language].why.invalid_transition);
    expectSpoken(notice.body, language, 'a refused act');
    const missing = await get(`/console/shipments/shp_00000000000000000000000000?lang=${language}`, owner);
    expect(missing.statusCode).toBe(404);
    expectSpoken(missing.body, language, 'the 404 page');
  }, 120_000);

  it('finds the English words on the English page (the check can fail)', async () => {
    const english = englishLeft(pageWords((await get(`/console/shipments/${issued}?lang=en`, owner)).body, own));
    expect(english).toEqual(expect.arrayContaining(['Shipment', 'Timeline', 'Consignor', 'Consignee', 'Carrier', 'the', 'Proof of delivery']));
  });

  it.each(LANGUAGES)('speaks %s signed out: the sign-in page, its answer and a refused link', async (language) => {
    const signIn = await get(`/console?lang=${language}`);
    expectSpoken(signIn.body, language, 'sign-in');
    const answered = await t.app.inject({ method: 'POST', url: '/console/sign-in', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams({ email: `new-${randomUUID()}@transport.example`, lang: language }).toString() });
    expect(answered.statusCode).toBe(202);
    expectSpoken(answered.body, language, 'check your mail');
    const refused = await get(`/console/magic/${'A'.repeat(43)}?lang=${language}`);
    expect(refused.statusCode).toBe(404);
    expectSpoken(refused.body, language, 'refused sign-in link');
    // Without ?lang=, the browser's language decides.
    expect((await get('/console', undefined, { 'accept-language': `${language};q=1, en;q=0.5` })).body).toContain(`<html lang="${language}">`);
  });

  it('offers every language on the sign-in page, each named in itself', async () => {
    const html = (await get('/console?lang=pl')).body;
    const offered = [...html.matchAll(/<option value="(\w+)" lang="\1"(?: selected)?>([^<]+)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(offered).toEqual([['en', 'English'], ['nl', 'Nederlands'], ['de', 'Deutsch'], ['fr', 'Français'], ['pl', 'Polski']]);
    expect(html).toContain('<option value="pl" lang="pl" selected>');
  });

  it('shows the form findings in the page language where the API has its words', async () => {
    const refused = async (language: string) => {
      const res = await post(`/console/shipments?lang=${language}`, [['reference', `X-${run}`], ['goods[0].quantity', 'zwei']]);
      expect(res.statusCode).toBe(422);
      return res.body;
    };
    const [de, fr, pl] = [await refused('de'), await refused('fr'), await refused('pl')];
    expect(de).toContain('Die Sendung besteht die Prüfungen noch nicht');
    expect(de).toContain('data-finding-for="goods[0].description">Das Feld description ist erforderlich.');
    expect(fr).toContain('L’envoi ne passe pas encore les contrôles');
    expect(fr).toContain('data-finding-for="goods[0].description">Le champ description est obligatoire.');
    // No Polish finding messages in the API: the findings stay English, the page around them Polish.
    expect(pl).toContain('Przesyłka nie przechodzi jeszcze kontroli');
    expect(pl).toContain('data-finding-for="goods[0].description">The field description is required.');
  });
});
