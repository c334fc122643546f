/**
 * Members, invitations and organisation settings (docs/console-auth.md, "Roles",
 * "Invitations", "Organisation settings"): the JSON routes under /v1/auth/ (console session only,
 * API keys 403 `forbidden`), the invitation link, and the console pages (members-pages.routes.ts).
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppRuntime } from '../../app-runtime.js';
import { IdString } from '../../core/schema-types.js';
import { signInLinkRoutes } from '../console-auth/sign-in-link.routes.js';
import { consoleTenantContext } from '../../http/tenant-context.js';
import { sessionLifetimes } from '../console-auth/console-auth-policy.js';
import { renderConfirmInvitation, renderInvitationRefused } from '../console-auth/render-console-pages.js';
import { updateOrganization } from '../organizations/update-organization.js';
import { acceptInvitation, previewInvitation } from './accept-invitation.js';
import { changeMemberRole } from './change-member-role.js';
import { inviteMember } from './invite-member.js';
import { listMembers, type ListMembersQuery } from './list-members.js';
import { countInvitation, memberActorOf, memberPageRoutes } from './members-pages.routes.js';
import { INVITATION_PATH } from './members-policy.js';
import {
  CreateInvitationSchema,
  InvitationSchema,
  ListMembersQuerySchema,
  MemberListSchema,
  MemberSchema,
  OrganizationSettingsSchema,
  UpdateMemberSchema,
  UpdateOrganizationSchema,
  type CreateInvitation,
  type OrganizationSettings,
  type UpdateMember,
  type UpdateOrganization,
} from './members.schema.js';
import { removeMember } from './remove-member.js';
import { revokeInvitation } from './revoke-invitation.js';

export const MEMBER_PATHS = {
  members: '/v1/auth/members',
  member: '/v1/auth/members/:user_id',
  invitations: '/v1/auth/invitations',
  invitation: '/v1/auth/invitations/:id',
  organization: '/v1/auth/organization',
  follow: `${INVITATION_PATH}/:token`,
} as const;

const userParams = Type.Object({ user_id: IdString('user') }, { additionalProperties: false });

export function settingsView(org: OrganizationSettings): OrganizationSettings {
  return { id: org.id, name: org.name, default_language: org.default_language, require_two_factor: org.require_two_factor, live_enabled: org.live_enabled };
}

export async function memberRoutes(app: FastifyInstance, runtime: AppRuntime): Promise<void> {
  for (const schema of [MemberSchema, InvitationSchema, MemberListSchema, CreateInvitationSchema, UpdateMemberSchema, OrganizationSettingsSchema, UpdateOrganizationSchema]) app.addSchema(schema);
  const lifetimes = sessionLifetimes(runtime.config.console);
  const { limit, windowS } = runtime.config.console.invitations;

  app.get<{ Querystring: ListMembersQuery }>(
    MEMBER_PATHS.members,
    {
      config: { access: { consoleOnly: true, permission: 'console:read' }, errors: ['bad_request', 'invalid_cursor'] },
      schema: {
        operationId: 'listMembers',
        tags: ['auth'],
        summary: 'Members and pending invitations',
        description:
          'The members of the organisation the console acts in (address, role, when they joined), a page at a time (`limit`, `cursor`, `order`; longest-standing first by default), and on every page all the invitations not yet accepted nor cancelled. Every role may read it.',
        querystring: ListMembersQuerySchema,
        response: { 200: Type.Ref(MemberListSchema) },
      },
    },
    async (request, reply) => reply.header('cache-control', 'no-store').send(await listMembers(consoleTenantContext(runtime, request), request.query)),
  );

  app.post<{ Body: CreateInvitation }>(
    MEMBER_PATHS.invitations,
    {
      config: { access: { consoleOnly: true, permission: 'members:manage' }, idempotent: false, errors: ['conflict'] },
      schema: {
        operationId: 'createInvitation',
        tags: ['auth'],
        summary: 'Invite an address to the organisation',
        description:
          'Needs `members:manage` (owner, admin); inviting an `owner` needs `owners:manage` (owner). E-mails a link to `PUBLIC_BASE_URL/console/invitations/…` that works once, within 7 days (only its hash is stored): ' +
          'following it signs the address in (making its user if new, without an organisation of its own) and makes it a member with `role`. Inviting an address again replaces its open invitation. ' +
          `An address that is a member already: 409 \`conflict\`. Each organisation may send INVITATION_LIMIT invitations (${limit}) per INVITATION_WINDOW_S seconds (${windowS}); past it, 429 \`rate_limited\`. ` +
          'A mail server that does not take the mail is 503 `service_unavailable` (nothing is stored; invite again). Not idempotent: each request sends a mail.',
        body: Type.Ref(CreateInvitationSchema),
        response: { 201: Type.Ref(InvitationSchema, { description: 'The invitation is on its way.' }) },
      },
    },
    async (request, reply) => {
      await countInvitation(runtime, request, reply);
      const invitation = await inviteMember(consoleTenantContext(runtime, request), memberActorOf(request), request.body);
      return reply.status(201).header('cache-control', 'no-store').send(invitation);
    },
  );

  app.delete<{ Params: { id: string } }>(
    MEMBER_PATHS.invitation,
    {
      config: { access: { consoleOnly: true, permission: 'members:manage' }, errors: ['invalid_id', 'not_found'] },
      schema: {
        operationId: 'revokeInvitation',
        tags: ['auth'],
        summary: 'Cancel an invitation',
        description: 'Needs `members:manage`; an owner\'s invitation needs `owners:manage`. Its link stops working. An invitation accepted, cancelled already, or of another organisation: 404 `not_found`.',
        params: Type.Object({ id: IdString('invitation') }, { additionalProperties: false }),
        response: { 204: Type.Null({ description: 'The invitation is cancelled.' }) },
      },
    },
    async (request, reply) => {
      await revokeInvitation(consoleTenantContext(runtime, request), memberActorOf(request), request.params.id);
      return reply.status(204).send();
    },
  );

  app.patch<{ Params: { user_id: string }; Body: UpdateMember }>(
    MEMBER_PATHS.member,
    {
      config: { access: { consoleOnly: true, permission: 'members:manage' }, errors: ['invalid_id', 'not_found', 'conflict'] },
      schema: {
        operationId: 'updateMember',
        tags: ['auth'],
        summary: 'Change a member\'s role',
        description:
          'Needs `members:manage`; granting or taking `owner` needs `owners:manage`. The organisation always keeps an owner: demoting the last one is 409 `conflict`. ' +
          'Not a member of this organisation: 404 `not_found`. The member\'s open sessions act with the new role from their next request.',
        params: userParams,
        body: Type.Ref(UpdateMemberSchema),
        response: { 200: Type.Ref(MemberSchema) },
      },
    },
    async (request, reply) => reply.send(await changeMemberRole(consoleTenantContext(runtime, request), memberActorOf(request), request.params.user_id, request.body.role)),
  );

  app.delete<{ Params: { user_id: string } }>(
    MEMBER_PATHS.member,
    {
      // Every role may leave (remove themself); removing another member is checked by the use case.
      config: { access: { consoleOnly: true, permission: 'console:read' }, errors: ['invalid_id', 'not_found', 'conflict'] },
      schema: {
        operationId: 'removeMember',
        tags: ['auth'],
        summary: 'Remove a member, or leave',
        description:
          'Your own `user_id`: you leave the organisation (any role). Another member: needs `members:manage`, and `owners:manage` for an owner (else 403 `forbidden`). ' +
          'The last owner cannot go: 409 `conflict`. The member\'s console sessions in this organisation end. Not a member here: 404 `not_found`.',
        params: userParams,
        response: { 204: Type.Null({ description: 'The membership has ended.' }) },
      },
    },
    async (request, reply) => {
      await removeMember(consoleTenantContext(runtime, request), memberActorOf(request), request.params.user_id);
      return reply.status(204).send();
    },
  );

  app.patch<{ Body: UpdateOrganization }>(
    MEMBER_PATHS.organization,
    {
      config: { access: { consoleOnly: true, permission: 'organization:manage' } },
      schema: {
        operationId: 'updateOrganization',
        tags: ['auth'],
        summary: 'Organisation settings',
        description:
          'Needs `organization:manage` (owner, admin). Changes the name, the default language (`en`, `nl`, `de`, `fr`: the console\'s and the mails\' language unless a person asks for another) and whether every member must use a second factor. ' +
          'Fields left out stay as they are; an unknown field or value is 422 `validation_failed`. Answers the settings after the change.',
        body: Type.Ref(UpdateOrganizationSchema),
        response: { 200: Type.Ref(OrganizationSettingsSchema) },
      },
    },
    async (request, reply) => {
      const org = await updateOrganization(consoleTenantContext(runtime, request), memberActorOf(request), request.body);
      return reply.header('cache-control', 'no-store').send(settingsView(org));
    },
  );

  await signInLinkRoutes(app, runtime, {
    path: MEMBER_PATHS.follow,
    preview: (token) => previewInvitation(runtime.services, token),
    spend: (token, source) => acceptInvitation(runtime.services, lifetimes, { token, ...source }),
    confirmPage: renderConfirmInvitation,
    refusedPage: renderInvitationRefused,
  });

  await memberPageRoutes(app, runtime);
}
