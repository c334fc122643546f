/**
 * The shapes of the event catalogue (event-catalogue.ts) and the fields every event of a subject
 * carries: a shipment's, a tour's, an erasure's, an export's, a checkpoint's.
 */
export interface EventField {
  type: 'string' | 'integer' | 'array' | 'object';
  description: string;
}

export interface EventType {
  type: string;
  emittedWhen: string;
  /** Fields beyond those every shipment event carries (`shipment_id`, `status`, `seq`). */
  fields: Record<string, EventField>;
  /**
   * False for an event outside the shipment's chain (it changes nothing about the shipment): not in
   * `GET /v1/shipments/{id}/events` nor in the integrity report, and its `data` has no `seq`.
   */
  chained?: false;
  /** What the event is about; a shipment when absent. Tour, erasure and export events carry their id and `status` instead. */
  subject?: 'tour' | 'erasure' | 'export' | 'checkpoint';
}

export const SHIPMENT_EVENT_FIELDS: Record<string, EventField> = {
  shipment_id: { type: 'string', description: 'The `shp_` id.' },
  status: { type: 'string', description: 'Status of the shipment after the event.' },
  seq: { type: 'integer', description: 'Position in the shipment\'s event chain, from 1 without gaps: order by it.' },
};

/** Fields every tour event carries (docs/tours.md); tour events are in the feed, not in any shipment's chain. */
export const TOUR_EVENT_FIELDS: Record<string, EventField> = {
  tour_id: { type: 'string', description: 'The `tour_` id.' },
  status: { type: 'string', description: 'Status of the tour after the event.' },
};

/** Fields every erasure event carries (docs/privacy.md); in the feed, never in a shipment's chain, and never a value of the subject. */
export const ERASURE_EVENT_FIELDS: Record<string, EventField> = {
  erasure_id: { type: 'string', description: 'The `era_` id; `GET /v1/privacy/erasures/{id}` reads its report.' },
  status: { type: 'string', description: '`completed`.' },
};

/** Fields every export event carries (docs/export.md); export events are in the feed, about no shipment. */
export const EXPORT_EVENT_FIELDS: Record<string, EventField> = {
  export_id: { type: 'string', description: 'The `exp_` id.' },
  status: { type: 'string', description: 'Status of the export after the event: `completed` or `failed`.' },
};

/** Fields every checkpoint event carries (docs/audit-log.md, Checkpoints); in the feed, about no shipment. */
export const CHECKPOINT_EVENT_FIELDS: Record<string, EventField> = {
  checkpoint_id: { type: 'string', description: 'The `ckp_` id; `GET /v1/audit-log/checkpoints/{id}` reads it again.' },
};

const SUBJECT_FIELDS: Record<NonNullable<EventType['subject']>, Record<string, EventField>> = {
  tour: TOUR_EVENT_FIELDS,
  erasure: ERASURE_EVENT_FIELDS,
  export: EXPORT_EVENT_FIELDS,
  checkpoint: CHECKPOINT_EVENT_FIELDS,
};

/** The fields every event of a subject carries. */
export function subjectFields(subject: EventType['subject']): Record<string, EventField> {
  return subject ? SUBJECT_FIELDS[subject] : SHIPMENT_EVENT_FIELDS;
}
