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
    url_path: Type.String({ description: 'The path as called, such as `/v1/shipments/shp_01J…`, without the query. Calls logged before this field existed repeat `path`.' }),
    status: Type.Integer(),
    error_code: Type.Union([Type.String(), Type.Null()], { description: 'The problem `code` of a failed call (status 400 or above); null otherwise.' }),
    duration_ms: Type.Integer(),
    api_key_id: Type.String(),
    mode: StringEnum(['test', 'live'] as const),
    created_at: DateTimeString(),
  },
  { $id: 'RequestLog', description: 'One API call. Headers and keys are never logged; bodies only of failed calls, redacted (see RequestLogDetail).' },
);

const body = (what: string) =>
  Type.Union([Type.String(), Type.Null()], {
    description:
      `The ${what} of a failed call as JSON text, with secrets and personal data replaced by \`[redacted]\` (keys, tokens, passwords, one-time codes, signature images and photos, ` +
      'names, e-mail addresses, phone numbers, address lines) and cut at 16 KB; a body that is not JSON is only described. Null for calls that succeeded, or that sent none.',
  });

export const RequestLogDetailSchema = Type.Object(
  {
    ...RequestLogSchema.properties,
    error: Type.Union(
      [
        Type.Object({
          code: Type.String(),
          title: Type.String({ description: 'The English title of the code.' }),
          type: Type.String({ description: 'Its documentation: `{DOCS_URL}/errors/<code>`, as in the problem.' }),
        }),
        Type.Null(),
      ],
      { description: 'The error a failed call answered with; null otherwise.' },
    ),
    request_body: body('request body'),
    request_body_truncated: Type.Boolean({ description: 'True when `request_body` was cut at 16 KB.' }),
    response_body: body('answer'),
    response_body_truncated: Type.Boolean({ description: 'True when `response_body` was cut at 16 KB.' }),
  },
  { $id: 'RequestLogDetail', description: 'One API call; a failed one with its error and redacted bodies, kept as long as the call\'s log entry (30 days).' },
);
export type RequestLogDetail = Static<typeof RequestLogDetailSchema>;

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
