/**
 * The console pages of members and settings: GET /console/members and /console/settings, and the
 * forms they post (urlencoded, inside consoleFormScope). A form that succeeds answers 303 back to its
 * page with `?done=<notice>`; one that is refused renders the page again with the refusal as an
 * error notice and the refusal's status (403, 404, 409, 422, 429). Form routes take `console:read`
 * at the door: the use cases judge the role, so a refusal is a page rather than a JSON problem.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { AppError, errorTitle, isAppError } from '../../core/errors.js';
import { countInWindow } from '../../http/rate-limit-answer.js';
import { consoleFormScope, consolePageContext, consoleSessionOf, formValue, sendConsolePage, type ConsolePageContext, type FormBody } from '../console/console-page.routes.js';
import { consoleTenantContext } from '../../http/tenant-context.js';
import type { ConsolePermission } from '../console-auth/member-permissions.js';
import { ROLES } from '../console-auth/console-auth.schema.js';
import { CONSOLE_FRAME_WORDS } from '../console/console-words.js';
import { updateOrganization } from '../organizations/update-organization.js';
import { changeMemberRole } from './change-member-role.js';
import { inviteMember } from './invite-member.js';
import { listAllMembers } from './list-members.js';
import { ORGANIZATION_LANGUAGES } from '../organizations/organizations.tables.js';
import { ORGANIZATION_NAME } from './members.schema.js';
import { MEMBERS_WORDS, type MemberNotice } from './members-words.js';
import { removeMember } from './remove-member.js';
import { MEMBER_PAGE_PATHS, renderMembersPage } from './render-members-page.js';
import { renderSettingsPage, SETTINGS_PAGE_PATH } from './render-settings-page.js';
import { revokeInvitation } from './revoke-invitation.js';

const page = (permission: ConsolePermission) => ({ access: { consoleOnly: true, page: true, permission }, idempotent: false });
const hidden = { hide: true };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

type Form = FastifyRequest<{ Body: FormBody; Params: Record<string, string> }>;

function noticeOf(ctx: ConsolePageContext, query: unknown): { text: string } | undefined {
  const done = (query as { done?: unknown } | undefined)?.done;
  const notices = MEMBERS_WORDS[ctx.language].notices;
  return typeof done === 'string' && done in notices ? { text: notices[done as MemberNotice] } : undefined;
}

/** A refusal as the page says it: the catalogue's title in the page's language, then the detail. */
function refusalNotice(ctx: ConsolePageContext, error: AppError): { text: string; error: true } {
  // The page's own checks name a sentence of its words, said in the page's language.
  const words = MEMBERS_WORDS[ctx.language];
  if (error.message === 'badInvitation' || error.message === 'badRole' || error.message === 'badSettings') return { text: words[error.message], error: true };
  const title = error.code === 'forbidden' ? CONSOLE_FRAME_WORDS[ctx.language].notAllowed : `${errorTitle(error.code, ctx.language)}.`;
  return { text: `${title} ${error.message}`, error: true };
}

/** The acting member of a console request. */
export function memberActorOf(request: FastifyRequest) {
  const session = consoleSessionOf(request);
  return { userId: session.userId, role: session.role, email: session.email };
}

/** Counts an invitation against the organisation's window (INVITATION_LIMIT per INVITATION_WINDOW_S). */
export function countInvitation(runtime: AppRuntime, request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { limit, windowS } = runtime.config.console.invitations;
  return countInWindow(runtime, reply, { limiter: 'invitation', prefix: 'rl:invite:org', key: consoleSessionOf(request).organizationId, limit, windowS, over: `invitations per ${windowS} s for this organisation` });
}

export async function memberPageRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  async function membersPage(request: FastifyRequest, reply: FastifyReply, options: { status?: number; notice?: { text: string; error?: boolean }; invite?: { email: string; role: string } } = {}) {
    const ctx = await consolePageContext(runtime, request);
    const list = await listAllMembers(consoleTenantContext(runtime, request));
    const html = renderMembersPage({ language: ctx.language, view: ctx.view, list, notice: options.notice ?? noticeOf(ctx, request.query), invite: options.invite });
    return sendConsolePage(reply, html, options.status);
  }

  /** Runs a member form's act: 303 back to the page with its notice, or the page again with the refusal. */
  async function memberForm(request: Form, reply: FastifyReply, act: () => Promise<MemberNotice | 'left'>, invite?: { email: string; role: string }) {
    try {
      const done = await act();
      return reply.redirect(done === 'left' ? '/console' : `${MEMBER_PAGE_PATHS.page}?done=${done}`, 303);
    } catch (error) {
      if (!isAppError(error) || error.status >= 500) throw error;
      const ctx = await consolePageContext(runtime, request);
      return membersPage(request, reply, { status: error.status, notice: refusalNotice(ctx, error), invite });
    }
  }

  app.get(MEMBER_PAGE_PATHS.page, { config: page('console:read'), schema: hidden }, (request, reply) => membersPage(request, reply));

  app.get(SETTINGS_PAGE_PATH, { config: page('console:read'), schema: hidden }, async (request, reply) => {
    const ctx = await consolePageContext(runtime, request);
    return sendConsolePage(reply, renderSettingsPage({ language: ctx.language, view: ctx.view, settings: ctx.organization, notice: noticeOf(ctx, request.query) }));
  });

  await consoleFormScope(app, (scope) => {
    scope.post(MEMBER_PAGE_PATHS.invite, { config: page('console:read'), schema: hidden }, async (request: Form, reply) => {
      const input = { email: (formValue(request.body, 'email') ?? '').trim(), role: formValue(request.body, 'role') ?? '' };
      return memberForm(
        request,
        reply,
        async () => {
          const role = ROLES.find((r) => r === input.role);
          if (!role || input.email.length > 254 || !EMAIL.test(input.email) || /\p{Cc}/u.test(input.email)) throw new AppError('validation_failed', 'badInvitation');
          await countInvitation(runtime, request, reply);
          await inviteMember(consoleTenantContext(runtime, request), memberActorOf(request), { email: input.email, role });
          return 'invited';
        },
        input,
      );
    });

    scope.post(MEMBER_PAGE_PATHS.cancel, { config: page('console:read'), schema: hidden }, (request: Form, reply) =>
      memberForm(request, reply, async () => {
        await revokeInvitation(consoleTenantContext(runtime, request), memberActorOf(request), request.params.id ?? '');
        return 'cancelled';
      }),
    );

    scope.post(MEMBER_PAGE_PATHS.role, { config: page('console:read'), schema: hidden }, (request: Form, reply) =>
      memberForm(request, reply, async () => {
        const role = ROLES.find((r) => r === formValue(request.body, 'role'));
        if (!role) throw new AppError('validation_failed', 'badRole');
        await changeMemberRole(consoleTenantContext(runtime, request), memberActorOf(request), request.params.user_id ?? '', role);
        return 'role_changed';
      }),
    );

    scope.post(MEMBER_PAGE_PATHS.remove, { config: page('console:read'), schema: hidden }, (request: Form, reply) =>
      memberForm(request, reply, async () => {
        const actor = memberActorOf(request);
        const userId = request.params.user_id ?? '';
        await removeMember(consoleTenantContext(runtime, request), actor, userId);
        return userId === actor.userId ? 'left' : 'removed';
      }),
    );

    scope.post(SETTINGS_PAGE_PATH, { config: page('console:read'), schema: hidden }, async (request: Form, reply) => {
      const name = (formValue(request.body, 'name') ?? '').trim();
      const language = ORGANIZATION_LANGUAGES.find((l) => l === formValue(request.body, 'default_language'));
      const requireTwoFactor = formValue(request.body, 'require_two_factor') === 'on';
      try {
        if (!language || name.length > 200 || !new RegExp(ORGANIZATION_NAME, 'u').test(name)) throw new AppError('validation_failed', 'badSettings');
        await updateOrganization(consoleTenantContext(runtime, request), memberActorOf(request), { name, default_language: language, require_two_factor: requireTwoFactor });
        return reply.redirect(`${SETTINGS_PAGE_PATH}?done=saved`, 303);
      } catch (error) {
        if (!isAppError(error) || error.status >= 500) throw error;
        const ctx = await consolePageContext(runtime, request);
        const settings = { name, default_language: language ?? ctx.organization.default_language, require_two_factor: requireTwoFactor };
        return sendConsolePage(reply, renderSettingsPage({ language: ctx.language, view: ctx.view, settings, notice: refusalNotice(ctx, error) }), error.status);
      }
    });
  });
}

