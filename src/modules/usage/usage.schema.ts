/** Schemas of usage rows and their filters. */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../core/schema-types.js';
import { PageOf, pageQueryProperties } from '../../core/pagination.schema.js';
import { USAGE_METRICS } from './record-usage.js';

const DATE = Type.String({ format: 'date', description: 'A UTC day, `YYYY-MM-DD`.' });

export const UsageRowSchema = Type.Object(
  {
    date: Type.String({ description: 'The UTC day, `YYYY-MM-DD`.' }),
    metric: StringEnum(USAGE_METRICS, { description: '`shipments_issued`: shipments moved to `issued` that day. `storage_bytes`: bytes stored that day (consignment-note versions, attachments, photos; deletions are not subtracted). `signatures`: signatures recorded that day. `notifications`: e-mail and SMS sent that day.' }),
    value: Type.Integer(),
  },
  { $id: 'UsageRow' },
);

export const UsagePageSchema = PageOf(Type.Ref('UsageRow'), 'UsagePage');

export const ListUsageQuerySchema = Type.Object(
  {
    date_gte: Type.Optional({ ...DATE, description: 'First day, inclusive. Default: 31 days before `date_lte`.' }),
    date_lte: Type.Optional({ ...DATE, description: 'Last day, inclusive. Default: today (UTC).' }),
    metric: Type.Optional(StringEnum(USAGE_METRICS)),
    limit: pageQueryProperties.limit,
    cursor: pageQueryProperties.cursor,
  },
  { additionalProperties: false },
);
export type ListUsageQuery = Static<typeof ListUsageQuerySchema>;
