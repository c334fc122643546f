/** Schemas of the audit log: one row, its page, the list filters and the integrity report. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { AUDIT_ACTIONS } from './audit-actions.js';
import { CheckpointReportSchema } from '../checkpoints/checkpoints.schema.js';

/** Every `type` an actor may have (src/core/context.ts, Actor). */
export const ACTOR_TYPES = ['api_key', 'cli', 'user', 'driver_session', 'sign_link', 'provider', 'efti_gate', 'system'] as const;

const Nullable = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

export const AuditEventSchema = Type.Object(
  {
    id: Type.String({ description: 'The `aud_` id; ids sort in time order.' }),
    action: Type.String({ description: `What was done, \`<resource>.<verb>\`: ${AUDIT_ACTIONS.map((a) => `\`${a}\``).join(', ')}.` }),
    actor: Type.Object(
      {
        type: StringEnum(ACTOR_TYPES, {
          description:
            '`api_key` (an API call), `cli` (the operator command line), `user` (the console), `driver_session` (the driver app), `sign_link` (a signer through a sign link), `provider` (an eCMR provider\'s webhook or answer), `efti_gate` (the eFTI gate), `system` (the service; `backfilled` rows). Receivers skip types they do not know.',
        }),
        id: Type.Optional(Type.String({ description: 'The `key_` id of the API key, the user id, the `drs_` id of the driver session, the `sgr_` id of the sign link\'s signature request, the provider\'s catalogue id or the gate\'s id.' })),
        role: Type.Optional(Type.String({ description: '`sign_link`: the role it signs for (`consignor`, `carrier`, `consignee`, `successive_carrier`).' })),
        note: Type.Optional(Type.String({ description: '`backfilled`: written from what existed before the audit log.' })),
      },
      { description: 'Who acted.' },
    ),
    target: Type.Object({ type: Type.String({ description: '`api_key`, `webhook_endpoint`, `organization`, `invoicing_profile`…' }), id: Type.String() }, { description: 'What was acted on.' }),
    created_at: DateTimeString(),
    ip: Nullable('The client address of the API call; null for the CLI and backfilled rows.'),
    user_agent: Nullable('The `user-agent` of the API call, if it sent one.'),
    changes: Type.Record(Type.String(), Type.Unknown(), { description: 'A summary of what changed (`{field: {from, to}}` for updates); never a secret.' }),
  },
  { $id: 'AuditEvent', description: 'One administrative act.' },
);

export const AuditEventPageSchema = PageOf(Type.Ref('AuditEvent'), 'AuditEventPage');

export const ListAuditLogQuerySchema = Type.Object(
  {
    ...pageQueryProperties,
    action: Type.Optional(Type.String({ pattern: '^[a-z_]+\\.[a-z_]+$', maxLength: 100, description: 'Only this action, e.g. `api_key.revoked`.' })),
    actor: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_]+$', maxLength: 100, description: 'Only acts of this actor: an API key id (`key_…`), a user id, a driver session id (`drs_…`), a signature request id (`sgr_…`), or `cli`.' })),
    target: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_]+$', maxLength: 100, description: 'Only acts on this id (`key_…`, `we_…`, `org_…`).' })),
    created_gte: Type.Optional(DateTimeString({ description: 'Only acts at or after this time.' })),
    created_lt: Type.Optional(DateTimeString({ description: 'Only acts before this time.' })),
  },
  { additionalProperties: false },
);
export type ListAuditLogQuery = Static<typeof ListAuditLogQuerySchema>;

export const AuditIntegritySchema = Type.Object(
  {
    valid: Type.Boolean({ description: 'Every remaining row verifies, in sequence, from the last row retention removed to the head, and every checkpoint checked matches.' }),
    checked: Type.Integer({ description: 'Rows recomputed.' }),
    first_broken: Type.Optional(Type.String({ description: 'The id of the first row that does not verify (absent when valid, or when rows are missing at the end).' })),
    checkpoints: CheckpointReportSchema,
    checked_at: DateTimeString(),
  },
  { $id: 'AuditIntegrityReport', description: 'The recomputed hash chain of this organisation and mode.' },
);

export interface AuditEventView {
  id: string;
  action: string;
  actor: Record<string, unknown>;
  target: { type: string; id: string };
  created_at: string;
  ip: string | null;
  user_agent: string | null;
  changes: Record<string, unknown>;
}
