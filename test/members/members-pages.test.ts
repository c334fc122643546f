/**
 * The console pages of members and settings: what each role sees (only the
 * controls it may use), the forms' answers (303 back with a notice, or the page again with the
 * refusal), Dutch, and the page headers. The browser journey is the integrator's.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PATHS } from '../../src/modules/members/members.routes.js';
import { MEMBER_PAGE_PATHS } from '../../src/modules/members/render-members-page.js';
import { SETTINGS_PAGE_PATH } from '../../src/modules/members/render-settings-page.js';
import { backends } from '../support/backends.js';
import { consoleSessionHeaders, memberSessionHeaders } from '../support/console-session.js';
import { buildTestApp, type TestApp } from '../support/test-app.js';

type Headers = { cookie: string; origin: string };
const path = (template: string, id: string) => template.replace(/:[a-z_]+/, id);
const formsTo = (html: string, action: string) => html.split(`action="${action}"`).length - 1;

describe.each(backends())('members and settings pages on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(backend);
  });
  afterAll(() => t?.close());

  const get = (url: string, h?: Headers) => t.app.inject({ method: 'GET', url, headers: h ?? {} });
  const post = (url: string, h: Headers, form: string) => t.app.inject({ method: 'POST', url, headers: { ...h, 'content-type': 'application/x-www-form-urlencoded' }, payload: form });

  /** An organisation with an owner, an admin, a developer, a viewer and one pending invitation. */
  async function team() {
    const owner = await consoleSessionHeaders(t);
    const view = (await get('/v1/auth/session', owner)).json();
    const organizationId = view.organization.id as string;
    const ownerId = view.user.id as string;
    const admin = await memberSessionHeaders(t, organizationId, ownerId, 'admin');
    const developer = await memberSessionHeaders(t, organizationId, ownerId, 'developer');
    const viewer = await memberSessionHeaders(t, organizationId, ownerId, 'viewer');
    const invited = (await t.app.inject({ method: 'POST', url: MEMBER_PATHS.invitations, headers: owner, payload: { email: `pending-${randomUUID()}@transport.example`, role: 'developer' } })).json();
    return { owner: { ...owner, userId: ownerId }, admin, developer, viewer, invitationId: invited.id as string, organizationId };
  }

  it('sends a browser without a session to the sign-in page', async () => {
    for (const url of [MEMBER_PAGE_PATHS.page, SETTINGS_PAGE_PATH]) {
      const res = await get(url);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/console');
    }
  });

  it('shows each role only the controls it may use', async () => {
    const team_ = await team();
    const { owner, admin, developer, viewer, invitationId } = team_;

    const asOwner = await get(MEMBER_PAGE_PATHS.page, owner);
    expect(asOwner.statusCode).toBe(200);
    expect(asOwner.headers['content-security-policy']).toContain("default-src 'none'");
    expect(asOwner.headers['referrer-policy']).toBe('same-origin');
    const o = asOwner.body;
    expect(o).toContain('aria-current="page">Members');
    for (const m of [admin, developer, viewer]) {
      expect(o).toContain(m.email);
      expect(formsTo(o, path(MEMBER_PAGE_PATHS.role, m.userId))).toBe(1);
      expect(formsTo(o, path(MEMBER_PAGE_PATHS.remove, m.userId))).toBe(1);
    }
    expect(formsTo(o, path(MEMBER_PAGE_PATHS.remove, owner.userId))).toBe(1);
    expect(o).toContain('Leave organisation');
    expect(o).toContain('<option value="owner"');
    expect(formsTo(o, MEMBER_PAGE_PATHS.invite)).toBe(1);
    expect(o).toContain('type="email" id="invite-email" name="email"');
    expect(formsTo(o, path(MEMBER_PAGE_PATHS.cancel, invitationId))).toBe(1);

    const a = (await get(MEMBER_PAGE_PATHS.page, admin)).body;
    expect(a).not.toContain('<option value="owner"');
    expect(formsTo(a, path(MEMBER_PAGE_PATHS.role, owner.userId))).toBe(0);
    expect(formsTo(a, path(MEMBER_PAGE_PATHS.remove, owner.userId))).toBe(0);
    expect(formsTo(a, path(MEMBER_PAGE_PATHS.role, viewer.userId))).toBe(1);
    expect(formsTo(a, MEMBER_PAGE_PATHS.invite)).toBe(1);
    expect(formsTo(a, path(MEMBER_PAGE_PATHS.cancel, invitationId))).toBe(1);

    for (const reader of [developer, viewer]) {
      const r = (await get(MEMBER_PAGE_PATHS.page, reader)).body;
      expect(r).toContain(admin.email);
      expect(r).not.toContain('/role"');
      expect(formsTo(r, MEMBER_PAGE_PATHS.invite)).toBe(0);
      expect(formsTo(r, path(MEMBER_PAGE_PATHS.cancel, invitationId))).toBe(0);
      // Only their own row has a button: leaving.
      expect(r.match(/\/remove"/g)).toHaveLength(1);
      expect(formsTo(r, path(MEMBER_PAGE_PATHS.remove, reader.userId))).toBe(1);
      expect(r).toContain('Pending invitations');
    }

    const s = (await get(SETTINGS_PAGE_PATH, owner)).body;
    expect(s).toContain('aria-current="page">Settings');
    expect(s).toMatch(/id="org-name" name="name" required maxlength="200" value="[^"]+">/);
    expect(s).toContain('<option value="fr">Français</option>');
    expect(s).toContain('name="require_two_factor"');
    expect(s).not.toContain(' disabled');
    expect(s).toContain('Save settings');
    expect((await get(SETTINGS_PAGE_PATH, admin)).body).toContain('Save settings');
    const v = (await get(SETTINGS_PAGE_PATH, viewer)).body;
    expect(v).toContain('Only owners and admins may change these settings.');
    expect(v).toMatch(/name="name"[^>]* disabled>/);
    expect(v).toMatch(/name="default_language" disabled>/);
    expect(v).not.toContain('Save settings');
  });

  it('answers a form with 303 and a notice, or the page again with the refusal', async () => {
    const { owner, admin, developer, organizationId } = await team();
    const invited = await post(MEMBER_PAGE_PATHS.invite, admin, `email=${encodeURIComponent(`form-${randomUUID()}@transport.example`)}&role=viewer`);
    expect(invited.statusCode, invited.body).toBe(303);
    expect(invited.headers.location).toBe(`${MEMBER_PAGE_PATHS.page}?done=invited`);
    expect((await get(invited.headers.location as string, admin)).body).toContain('role="status">Invitation sent.');

    const again = await post(MEMBER_PAGE_PATHS.invite, admin, `email=${encodeURIComponent(developer.email)}&role=viewer`);
    expect(again.statusCode).toBe(409);
    expect(again.body).toContain('class="notice error" role="alert">Conflict.');
    expect(again.body).toContain(`value="${developer.email}"`);
    const bad = await post(MEMBER_PAGE_PATHS.invite, admin, 'email=not-an-address&role=viewer');
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('Give an e-mail address and one of the roles.');

    const changed = await post(path(MEMBER_PAGE_PATHS.role, developer.userId), admin, 'role=viewer');
    expect(changed.headers.location).toBe(`${MEMBER_PAGE_PATHS.page}?done=role_changed`);
    expect((await get('/v1/auth/session', developer)).json().organization.role).toBe('viewer');
    const noRole = await post(path(MEMBER_PAGE_PATHS.role, developer.userId), admin, 'role=boss');
    expect(noRole.statusCode).toBe(422);
    expect(noRole.body).toContain('Choose one of the roles.');
    const lastOwner = await post(path(MEMBER_PAGE_PATHS.role, owner.userId), owner, 'role=admin');
    expect(lastOwner.statusCode).toBe(409);
    expect(lastOwner.body).toContain('last owner');

    const saved = await post(SETTINGS_PAGE_PATH, owner, 'name=Vervoer+De+Vries&default_language=nl&require_two_factor=on');
    expect(saved.headers.location).toBe(`${SETTINGS_PAGE_PATH}?done=saved`);
    const org = await t.runtime.services.db.selectFrom('organizations').selectAll().where('id', '=', organizationId).executeTakeFirstOrThrow();
    expect(org).toMatchObject({ name: 'Vervoer De Vries', default_language: 'nl', require_two_factor: true });
    // The owner has no second factor yet: now that every member needs one, the console sends them to set it up, in Dutch.
    const toFactor = await get(`${SETTINGS_PAGE_PATH}?done=saved`, owner);
    expect([toFactor.statusCode, toFactor.headers.location]).toEqual([303, '/console/two-factor']);
    expect((await get('/console/two-factor', owner)).body).toContain('<html lang="nl"');
    await t.runtime.services.db.updateTable('organizations').set({ require_two_factor: false }).where('id', '=', organizationId).execute();
    // The organisation now speaks Dutch by default.
    const nl = (await get(`${SETTINGS_PAGE_PATH}?done=saved`, owner)).body;
    expect(nl).toContain('<html lang="nl"');
    expect(nl).toContain('Instellingen opgeslagen.');
    expect(nl).toMatch(/name="require_two_factor" value="on"(?! checked)/);
    const refused = await post(SETTINGS_PAGE_PATH, owner, 'name=&default_language=es');
    expect(refused.statusCode).toBe(422);
    expect(refused.body).toContain('Geef een naam (1-200 tekens) en een van de talen.');
    expect((await get(`${MEMBER_PAGE_PATHS.page}?lang=en`, owner)).body).toContain('<h1>Members</h1>');
    expect((await get(MEMBER_PAGE_PATHS.page, owner)).body).toContain('<h1>Leden</h1>');

    const removed = await post(path(MEMBER_PAGE_PATHS.remove, developer.userId), owner, '');
    expect(removed.headers.location).toBe(`${MEMBER_PAGE_PATHS.page}?done=removed`);
    const left = await post(path(MEMBER_PAGE_PATHS.remove, admin.userId), admin, '');
    expect(left.headers.location).toBe('/console');
    expect((await get(MEMBER_PAGE_PATHS.page, admin)).statusCode).toBe(303);
  });
});
