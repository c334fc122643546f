/**
 * Problem and Finding schemas, and the helper that turns a route's list of error codes into its
 * error responses, with the `code` enum narrowed per status (so the OpenAPI document tells each
 * operation's exact codes).
 */
import { Type, type TSchema } from '@sinclair/typebox';
import { ERROR_CATALOGUE, type ErrorCode } from '../core/errors.js';
import { PROBLEM_CONTENT_TYPE } from './problem.js';

export const FindingSchema = Type.Object(
  {
    path: Type.String({ description: 'JSON path of the value, such as `$.goods[0].gross_weight_kg`.' }),
    code: Type.String({ description: 'Stable finding code.' }),
    message: Type.String({ description: 'In the language of `Accept-Language`: English, Dutch (`nl`), German (`de`) or French (`fr`); English by default.' }),
    rule: Type.Optional(Type.String()),
    source: Type.Optional(Type.String()),
    params: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
  },
  { $id: 'Finding', description: 'One per-field problem, in `errors` (blocking) or `warnings` (riding along).' },
);

const problemProperties = (code: TSchema) => ({
  type: Type.String({ description: 'Documentation of the code: `{DOCS_URL}/errors/<code>`.' }),
  title: Type.String({ description: 'English, or Dutch with `Accept-Language: nl` (German and French requests get the English title; their finding messages are translated). Do not branch on it.' }),
  status: Type.Integer(),
  code,
  detail: Type.Optional(Type.String()),
  request_id: Type.Optional(Type.String({ description: 'The `req_` id; quote it to support.' })),
  errors: Type.Array(Type.Ref('Finding')),
  warnings: Type.Array(Type.Ref('Finding')),
});

export const ProblemSchema = Type.Object(problemProperties(Type.String({ description: 'Stable error code: branch on this.' })), {
  $id: 'Problem',
  description: 'RFC 9457 problem details. `type`, `title`, `status`, `code`, `errors` and `warnings` are always present.',
});

type ResponseMap = Record<number, { description: string; content: Record<string, { schema: TSchema }> }>;

/** Response schemas for these codes, one per status. */
export function errorResponses(codes: readonly ErrorCode[]): ResponseMap {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) {
    const status = ERROR_CATALOGUE[code].status;
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const responses: ResponseMap = {};
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    const schema = Type.Object(problemProperties(Type.Unsafe<string>({ type: 'string', enum: list })));
    responses[status] = { description: list.map((c) => `\`${c}\``).join(', '), content: { [PROBLEM_CONTENT_TYPE]: { schema } } };
  }
  return responses;
}
