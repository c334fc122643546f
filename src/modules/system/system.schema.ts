/** Schemas of the system area: Health, Version (service description, Resources), Liveness and WhoAmI. */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../core/schema-types.js';
import { SCOPES } from '../../core/scopes.js';

const CheckState = StringEnum(['ok', 'error'] as const);

export const HealthSchema = Type.Object(
  {
    ok: Type.Boolean({ description: 'False when the database, key-value or object check is `error`, or while the process drains for shutdown (the checks may all be `ok` then); the status is then 503.' }),
    checks: Type.Object({
      database: CheckState,
      keyvalue: CheckState,
      objects: CheckState,
      gate: Type.Optional(StringEnum(['ok', 'error'] as const, { description: 'Present when an eFTI gate is configured: `error` when it cannot be reached or its `GET /v0/whoami` does not name our platform id. It does not make `ok` false (docs/efti-gate.md).' })),
    }),
    environment: Type.String(),
    request_id: Type.String(),
  },
  { $id: 'Health' },
);
export type Health = Static<typeof HealthSchema>;

export const LivenessSchema = Type.Object(
  {
    ok: Type.Literal(true),
    draining: Type.Boolean({ description: 'True once the process received SIGTERM and finishes what it holds before it exits.' }),
    request_id: Type.String(),
  },
  { $id: 'Liveness', description: 'The process runs and its event loop answers. Nothing outside the process is checked.' },
);
export type Liveness = Static<typeof LivenessSchema>;

export const VersionSchema = Type.Object(
  {
    name: Type.String(),
    api_version: Type.String({ description: 'Version of the interface description.' }),
    schema_version: Type.Integer({ description: 'Latest database migration applied.' }),
    environment: Type.String(),
  },
  { $id: 'Version' },
);
export type Version = Static<typeof VersionSchema>;

export const WhoAmISchema = Type.Object(
  {
    organization_id: Type.String(),
    mode: StringEnum(['test', 'live'] as const),
    api_key_id: Type.String(),
    scopes: Type.Array(StringEnum(SCOPES)),
    live_enabled: Type.Boolean({ description: 'Whether the organisation is cleared for live mode; live keys answer `live_not_enabled` until it is.' }),
  },
  { $id: 'WhoAmI', description: 'The key in use, so an integrator can test a key. Answers for live keys of uncleared organisations too.' },
);
export type WhoAmI = Static<typeof WhoAmISchema>;
