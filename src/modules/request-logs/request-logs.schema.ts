/** Schemas of request-log rows and their list filters. */
import { Type, type Static } from '@sinclair/typebox';
import { DateTimeString, IdString, StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

export const RequestLogSchema = Type.Object(
  {
    id: Type.String({ description: 'The `req_` id, as sent in the Request-Id header of that call.' }),
    method: Type.String(),
    path: Type.String({ description: 'Route template, such as `/v1/shipments/{id}`.' }),
    status: Type.Integer(),
    duration_ms: Type.Integer(),
    api_key_id: Type.String(),
    mode: StringEnum(['test', 'live'] as const),
    created_at: DateTimeString(),
  },
  { $id: 'RequestLog', description: 'One API call. Bodies, headers and keys are never logged.' },
);

export const RequestLogPageSchema = PageOf(Type.Ref('RequestLog'), 'RequestLogPage');

export const ListRequestLogsQuerySchema = Type.Object(
  {
    ...pageQueryProperties,
    method: Type.Optional(StringEnum(METHODS)),
    status: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    status_class: Type.Optional(StringEnum(['2xx', '3xx', '4xx', '5xx'] as const)),
    api_key_id: Type.Optional(IdString('api_key')),
    path: Type.Optional(Type.String({ maxLength: 300, description: 'Route template, exactly as in `path`.' })),
    created_gte: Type.Optional(DateTimeString({ description: 'Only calls at or after this time.' })),
    created_lt: Type.Optional(DateTimeString({ description: 'Only calls before this time.' })),
  },
  { additionalProperties: false },
);
export type ListRequestLogsQuery = Static<typeof ListRequestLogsQuerySchema>;

export const RequestLogParamsSchema = Type.Object({ id: IdString('request') }, { additionalProperties: false });
