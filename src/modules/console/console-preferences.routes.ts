/**
 * The member's preferences page (/console/preferences): every member role reads and keeps their
 * own. The form posts without script, inside the console's Origin check; a language or zone that
 * is not offered is the page again, 422, with the field marked and nothing kept.
 */
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { preferenceFindings, setMemberPreferences } from '../console-auth/member-preferences.js';
import { consoleFormScope, consolePageContext, consolePageRoute, consoleSessionOf, formValue, sendConsolePage, type FormBody } from './console-page.routes.js';
import { renderPreferencesPage } from './preferences-page.js';
import { PREFERENCES_PATH, PREFERENCES_WORDS } from './preferences-words.js';

export async function consolePreferencesRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  await consoleFormScope(app, (scope) => {
    scope.get<{ Querystring: { done?: string } }>(PREFERENCES_PATH, consolePageRoute('console:read'), async (request, reply) => {
      const page = await consolePageContext(runtime, request);
      const { language, timeZone } = page.session.preferences;
      const notice = request.query.done === 'saved' ? { notice: { text: PREFERENCES_WORDS[page.language].saved } } : {};
      const form = { language: language ?? '', time_zone: timeZone ?? '' };
      return sendConsolePage(reply, renderPreferencesPage({ language: page.language, view: page.view, zone: page.zone, now: runtime.services.clock.now(), form, ...notice }));
    });

    scope.post<{ Body: FormBody }>(PREFERENCES_PATH, consolePageRoute('console:read'), async (request, reply) => {
      const form = { language: (formValue(request.body, 'language') ?? '').slice(0, 100), time_zone: (formValue(request.body, 'time_zone') ?? '').trim().slice(0, 100) };
      const input = { language: form.language || null, time_zone: form.time_zone || null };
      const findings = preferenceFindings(input);
      if (findings.length > 0) {
        const page = await consolePageContext(runtime, request);
        const errors = { language: findings.some((f) => f.path === '$.language'), time_zone: findings.some((f) => f.path === '$.time_zone') };
        const notice = { text: PREFERENCES_WORDS[page.language].invalid, error: true };
        return sendConsolePage(reply, renderPreferencesPage({ language: page.language, view: page.view, zone: page.zone, now: runtime.services.clock.now(), form, errors, notice }), 422);
      }
      await setMemberPreferences(runtime.services, consoleSessionOf(request), input);
      return reply.header('cache-control', 'no-store').redirect(`${PREFERENCES_PATH}?done=saved`, 303);
    });
  });
}
