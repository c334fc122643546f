import { describe, expect, it } from 'vitest';
import { completeDraft, draftWith, fired } from './rule-test-support.js';

describe('window_ends_before_start', () => {
  it('fires at the window end of each stop whose window ends before it starts', () => {
    const draft = draftWith((d) => {
      d.pickup.window = { from: '2026-12-01T09:00:00Z', to: '2026-12-01T07:00:00Z' };
      d.delivery.window = { from: '2026-12-01T15:00:00Z', to: '2026-12-01T14:00:00Z' };
    });
    expect(fired(draft, 'window_ends_before_start')).toEqual([
      {
        bucket: 'errors',
        path: '$.pickup.window.to',
        rule: 'schedule.window_order',
        source: 'Service rule: a time window ends after it starts',
        params: { stop: 'pickup', from: '2026-12-01T09:00:00Z', to: '2026-12-01T07:00:00Z' },
        en: 'The pickup window ends at 2026-12-01T07:00:00Z, before it starts at 2026-12-01T09:00:00Z.',
        nl: 'Het ophaalvenster eindigt op 2026-12-01T07:00:00Z, vóórdat het begint op 2026-12-01T09:00:00Z.',
      },
      {
        bucket: 'errors',
        path: '$.delivery.window.to',
        rule: 'schedule.window_order',
        source: 'Service rule: a time window ends after it starts',
        params: { stop: 'delivery', from: '2026-12-01T15:00:00Z', to: '2026-12-01T14:00:00Z' },
        en: 'The delivery window ends at 2026-12-01T14:00:00Z, before it starts at 2026-12-01T15:00:00Z.',
        nl: 'Het aflevervenster eindigt op 2026-12-01T14:00:00Z, vóórdat het begint op 2026-12-01T15:00:00Z.',
      },
    ]);
  });

  it('reads every date-time shape the schema accepts', () => {
    const draft = draftWith((d) => (d.pickup.window = { from: '2026-12-01 09:00:00.5z', to: '2026-12-01T08:00:00+0000' }));
    expect(fired(draft, 'window_ends_before_start')).toMatchObject([{ params: { from: '2026-12-01 09:00:00.5z', to: '2026-12-01T08:00:00+0000' } }]);
  });

  it('compares instants, so offsets count', () => {
    // 10:00+02:00 is 08:00Z: after 07:30Z, whatever the digits say.
    const draft = draftWith((d) => (d.pickup.window = { from: '2026-12-01T07:30:00Z', to: '2026-12-01T10:00:00+02:00' }));
    expect(fired(draft, 'window_ends_before_start')).toEqual([]);
    const before = draftWith((d) => (d.pickup.window = { from: '2026-12-01T08:30:00Z', to: '2026-12-01T10:00:00+02:00' }));
    expect(fired(before, 'window_ends_before_start')).toHaveLength(1);
  });

  it('does not fire for a well-ordered window, a point in time, or an unparsable time', () => {
    expect(fired(completeDraft(), 'window_ends_before_start')).toEqual([]);
    expect(fired(draftWith((d) => (d.pickup.window = { from: '2026-12-01T08:00:00Z', to: '2026-12-01T08:00:00Z' })), 'window_ends_before_start')).toEqual([]);
    expect(fired(draftWith((d) => (d.pickup.window = { from: '2026-12-01T08:00:00Z' })), 'window_ends_before_start')).toEqual([]);
    expect(fired(draftWith((d) => (d.pickup.window = { from: '2026-12-01T08:00:00Z', to: 'soon' })), 'window_ends_before_start')).toEqual([]);
    expect(fired(draftWith((d) => (d.pickup.window = { from: 8, to: 7 })), 'window_ends_before_start')).toEqual([]);
    // Date.parse reads these, but they are no date-times: the schema's invalid_format must stay the finding there.
    expect(fired(draftWith((d) => (d.pickup.window = { from: '2026-12-01T07:00:00Z', to: '2026-12-01' })), 'window_ends_before_start')).toEqual([]);
    expect(fired(draftWith((d) => (d.pickup.window = { from: '2026-12-01T07:00:00Z', to: '11/30/2026' })), 'window_ends_before_start')).toEqual([]);
  });
});

describe('delivery_before_pickup', () => {
  it('fires at the delivery window start when delivery starts before pickup starts', () => {
    const draft = draftWith((d) => (d.delivery.window = { from: '2026-12-01T07:00:00Z' }));
    expect(fired(draft, 'delivery_before_pickup')).toEqual([
      {
        bucket: 'errors',
        path: '$.delivery.window.from',
        rule: 'schedule.delivery_after_taking_over',
        source: 'Service rule: delivery follows the taking over of the goods',
        params: { pickup_from: '2026-12-01T08:00:00Z', delivery_from: '2026-12-01T07:00:00Z' },
        en: 'The delivery window starts at 2026-12-01T07:00:00Z, before the pickup window starts at 2026-12-01T08:00:00Z; goods cannot be delivered before they are taken over.',
        nl: 'Het aflevervenster begint op 2026-12-01T07:00:00Z, vóór het begin van het ophaalvenster op 2026-12-01T08:00:00Z; goederen kunnen niet worden afgeleverd voordat ze in ontvangst zijn genomen.',
      },
    ]);
  });

  it('does not fire when delivery starts with or after pickup, or a window is missing or unparsable', () => {
    expect(fired(completeDraft(), 'delivery_before_pickup')).toEqual([]);
    expect(fired(draftWith((d) => (d.delivery.window = { from: '2026-12-01T08:00:00Z' })), 'delivery_before_pickup')).toEqual([]);
    expect(fired(draftWith((d) => delete d.delivery.window), 'delivery_before_pickup')).toEqual([]);
    expect(fired(draftWith((d) => (d.delivery.window = { from: 'yesterday' })), 'delivery_before_pickup')).toEqual([]);
    expect(fired(draftWith((d) => (d.delivery.window = { from: '2026-12-01' })), 'delivery_before_pickup')).toEqual([]);
  });
});
