/** Schemas of members, invitations and organisation settings (console only; docs/console-auth.md). */
import { Type, type Static } from '@sinclair/typebox';
import { pageQueryProperties } from '../../core/pagination.schema.js';
import { IdString, StringEnum } from '../../core/schema-types.js';
import { CreateMagicLinkSchema, ROLES } from '../console-auth/console-auth.schema.js';
import { ORGANIZATION_LANGUAGES } from '../organizations/organizations.tables.js';

const RoleOf = (description: string) => StringEnum(ROLES, { description });
/** Not blank, no control characters (no line breaks): the name goes into mail subjects. */
export const ORGANIZATION_NAME = '^[^\\u0000-\\u001f\\u007f]*\\S[^\\u0000-\\u001f\\u007f]*$';

export const MemberSchema = Type.Object(
  {
    user_id: IdString('user'),
    email: Type.String({ description: 'The member\'s address (lower case).' }),
    role: RoleOf('`owner`, `admin`, `developer` or `viewer` (docs/console-auth.md, "Roles").'),
    joined_at: Type.String({ format: 'date-time', description: 'When the user became a member.' }),
    last_sign_in_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'The user\'s last console sign-in, in any organisation.' }),
  },
  { $id: 'Member', additionalProperties: false, description: 'A member of the organisation.' },
);
export type Member = Static<typeof MemberSchema>;

export const InvitationSchema = Type.Object(
  {
    id: IdString('invitation'),
    email: Type.String({ description: 'The invited address (lower case).' }),
    role: RoleOf('The role the address gets when it follows the link.'),
    invited_by: IdString('user', { description: 'The member who sent it.' }),
    created_at: Type.String({ format: 'date-time' }),
    expires_at: Type.String({ format: 'date-time', description: 'The link works until then (7 days after sending), once.' }),
    expired: Type.Boolean({ description: 'True once `expires_at` has passed: invite the address again to send a new link.' }),
  },
  { $id: 'Invitation', additionalProperties: false, description: 'An invitation not yet accepted nor cancelled. The link itself is only in the e-mail.' },
);
export type Invitation = Static<typeof InvitationSchema>;

export const MemberListSchema = Type.Object(
  {
    data: Type.Array(Type.Ref(MemberSchema), { description: 'A page of members, longest-standing first (`order=asc`, the default here) or newest first (`order=desc`).' }),
    has_more: Type.Boolean(),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last.' }),
    invitations: Type.Array(Type.Ref(InvitationSchema), { description: 'Invitations not yet accepted nor cancelled, newest first: all of them, on every page.' }),
  },
  { $id: 'MemberList', additionalProperties: false, description: 'The members of the organisation the console acts in, and its pending invitations.' },
);
export type MemberList = Static<typeof MemberListSchema>;

export const ListMembersQuerySchema = Type.Object(
  { ...pageQueryProperties, order: Type.Optional(StringEnum(['asc', 'desc'] as const, { description: 'Longest-standing first (`asc`, the default here) or newest first.' })) },
  { additionalProperties: false },
);

export const CreateInvitationSchema = Type.Object(
  {
    email: Type.String({ ...CreateMagicLinkSchema.properties.email, description: 'The address to invite (case does not matter).' }),
    role: RoleOf('The role the invited address gets. Only an owner may invite an `owner`.'),
  },
  { $id: 'CreateInvitation', additionalProperties: false, description: 'Invite an address to the organisation.' },
);
export type CreateInvitation = Static<typeof CreateInvitationSchema>;

export const UpdateMemberSchema = Type.Object(
  { role: RoleOf('The new role. Granting or taking `owner` needs an owner; the last owner keeps the role.') },
  { $id: 'UpdateMember', additionalProperties: false, description: 'Change a member\'s role.' },
);
export type UpdateMember = Static<typeof UpdateMemberSchema>;

export const OrganizationSettingsSchema = Type.Object(
  {
    id: IdString('organization'),
    name: Type.String(),
    default_language: StringEnum(ORGANIZATION_LANGUAGES, { description: 'The language the console and the organisation\'s mails default to.' }),
    require_two_factor: Type.Boolean({ description: 'Whether every member must pass a second factor before the console lets them act.' }),
    live_enabled: Type.Boolean({ description: 'Whether the organisation is cleared for live mode (not a setting: the service clears it).' }),
  },
  { $id: 'OrganizationSettings', additionalProperties: false, description: 'The organisation the console acts in.' },
);
export type OrganizationSettings = Static<typeof OrganizationSettingsSchema>;

export const UpdateOrganizationSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: ORGANIZATION_NAME, description: 'The organisation\'s name, 1-200 characters, not blank, on one line (it is the subject of invitation mails).' })),
    default_language: Type.Optional(StringEnum(ORGANIZATION_LANGUAGES, { description: '`en`, `nl`, `de`, `fr` or `pl`.' })),
    require_two_factor: Type.Optional(Type.Boolean({ description: 'Require a second factor of every member.' })),
  },
  { $id: 'UpdateOrganization', additionalProperties: false, description: 'The settings to change; fields left out stay as they are.' },
);
export type UpdateOrganization = Static<typeof UpdateOrganizationSchema>;
