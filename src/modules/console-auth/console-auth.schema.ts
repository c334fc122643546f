/** Schemas of console sign-in: asking for a link, the signed-in session, and the list of one's sessions. */
import { Type, type Static } from '@sinclair/typebox';
import { pageQueryProperties } from '../../core/pagination.schema.js';
import { IdString, StringEnum } from '../../core/schema-types.js';

export const ROLES = ['owner', 'admin', 'developer', 'viewer'] as const;
const Role = StringEnum(ROLES, { description: 'The role in the organisation: `owner`, `admin`, `developer` or `viewer`. The first user of an organisation is its `owner`.' });

export const CreateMagicLinkSchema = Type.Object(
  {
    email: Type.String({
      format: 'email',
      maxLength: 254,
      pattern: '^[^\\s\\u0000-\\u001f\\u007f]+$',
      description: 'The address to e-mail the sign-in link to (case does not matter). An address without an account gets one, with a new sandbox organisation, when the link is followed.',
      examples: ['anna@transport.example'],
    }),
  },
  { $id: 'CreateMagicLink', additionalProperties: false, description: 'Ask for a sign-in link.' },
);
export type CreateMagicLink = Static<typeof CreateMagicLinkSchema>;

export const MagicLinkReceiptSchema = Type.Object(
  {
    email: Type.String({ description: 'The address the link was sent to, as the service writes it (lower case).' }),
    expires_in: Type.Integer({ description: 'Seconds the link stays valid: 900 (15 minutes). It works once.' }),
  },
  { $id: 'MagicLinkReceipt', additionalProperties: false, description: 'The same answer for every address, whether it has an account or not.' },
);

export const SwitchOrganizationSchema = Type.Object(
  { organization_id: IdString('organization', { description: 'One of the organisations in `memberships` of `GET /v1/auth/session`.' }) },
  { $id: 'SwitchOrganization', additionalProperties: false, description: 'The organisation the console acts in from now on.' },
);
export type SwitchOrganization = Static<typeof SwitchOrganizationSchema>;

export const ConsoleSessionViewSchema = Type.Object(
  {
    user: Type.Object(
      {
        id: IdString('user'),
        email: Type.String(),
        language: Type.Union([Type.String(), Type.Null()], { description: "The console language the member chose (PUT /v1/auth/preferences), or null: the organisation's default, else the browser's." }),
        time_zone: Type.Union([Type.String(), Type.Null()], { description: 'The IANA time zone the console shows times in, or null: UTC.' }),
      },
      { additionalProperties: false, description: 'Who is signed in, with their own preferences.' },
    ),
    organization: Type.Object(
      {
        id: IdString('organization'),
        name: Type.String(),
        role: Role,
        live_enabled: Type.Boolean({ description: 'Whether the organisation is cleared for live mode. The console acts in the sandbox (test mode) either way.' }),
      },
      { additionalProperties: false, description: 'The organisation the console acts in now.' },
    ),
    memberships: Type.Array(
      Type.Object({ organization_id: IdString('organization'), name: Type.String(), role: Role }, { additionalProperties: false }),
      { description: 'Every organisation the user belongs to, oldest membership first.' },
    ),
    session: Type.Object(
      {
        id: IdString('console_session'),
        expires_at: Type.String({ format: 'date-time', description: 'When the session ends without further use: the earlier of idle expiry (CONSOLE_SESSION_IDLE_HOURS after the last request) and its absolute expiry.' }),
        absolute_expires_at: Type.String({ format: 'date-time', description: 'When the session ends however it is used: CONSOLE_SESSION_MAX_DAYS after sign-in.' }),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'ConsoleSessionView', additionalProperties: false, description: 'The signed-in console session.' },
);
export type ConsoleSessionView = Static<typeof ConsoleSessionViewSchema>;

export const MemberPreferencesSchema = Type.Object(
  {
    language: Type.Union([Type.String({ maxLength: 10 }), Type.Null()], { description: "The console's language for this member: one the console speaks (`en`, `nl`, …), or null for the organisation's default, else the browser's. A `?lang=` link still wins for its page." }),
    time_zone: Type.Union([Type.String({ maxLength: 64 }), Type.Null()], { description: 'The IANA time zone the console shows every time in, named (`Europe/Warsaw`), or null for UTC.' }),
  },
  { $id: 'MemberPreferences', additionalProperties: false },
);
export type MemberPreferencesBody = Static<typeof MemberPreferencesSchema>;

export const ConsoleSessionListSchema = Type.Object(
  {
    data: Type.Array(
      Type.Object(
        {
          id: IdString('console_session'),
          current: Type.Boolean({ description: 'True for the session of this request.' }),
          user_agent: Type.Union([Type.String(), Type.Null()], { description: 'The browser that signed in (User-Agent, at most 200 characters), if it said.' }),
          created_at: Type.String({ format: 'date-time', description: 'When it signed in.' }),
          last_seen_at: Type.String({ format: 'date-time', description: 'Its last request, to the minute.' }),
          expires_at: Type.String({ format: 'date-time', description: 'When it ends without further use (idle or absolute expiry, the earlier).' }),
        },
        { additionalProperties: false },
      ),
    ),
    has_more: Type.Boolean(),
    next_cursor: Type.Union([Type.String(), Type.Null()], { description: 'Pass as `cursor` for the next page; null on the last.' }),
  },
  { $id: 'ConsoleSessionList', additionalProperties: false, description: 'A page of the user\'s active console sessions (not signed out, not expired), newest first by default.' },
);
export type ConsoleSessionList = Static<typeof ConsoleSessionListSchema>;

export const ListConsoleSessionsQuerySchema = Type.Object(pageQueryProperties, { additionalProperties: false });
