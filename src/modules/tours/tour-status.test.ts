import { describe, expect, it } from 'vitest';
import { assertTourOpen, assertTourTransition, statusAfterStops } from './tour-status.js';

const stops = (...statuses: ('pending' | 'done' | 'skipped')[]) => statuses.map((status) => ({ status }));

describe('tour state machine', () => {
  it('follows its stops: planned until one is through, in_progress until all are, then completed', () => {
    expect(statusAfterStops('planned', stops('pending', 'pending'))).toBe('planned');
    expect(statusAfterStops('planned', stops('skipped', 'pending'))).toBe('in_progress');
    expect(statusAfterStops('in_progress', stops('done', 'skipped'))).toBe('completed');
    expect(statusAfterStops('cancelled', stops('done', 'done'))).toBe('cancelled');
  });

  it('cancels from planned or in_progress only; a finished tour is invalid_state to change', () => {
    expect(() => assertTourTransition('tour_x', 'planned', 'cancelled')).not.toThrow();
    expect(() => assertTourTransition('tour_x', 'in_progress', 'cancelled')).not.toThrow();
    expect(() => assertTourTransition('tour_x', 'completed', 'cancelled')).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
    expect(() => assertTourTransition('tour_x', 'planned', 'completed')).toThrow(expect.objectContaining({ code: 'invalid_transition' }));
    expect(() => assertTourOpen('tour_x', 'cancelled', 'an update')).toThrow(expect.objectContaining({ code: 'invalid_state' }));
    expect(() => assertTourOpen('tour_x', 'in_progress', 'an update')).not.toThrow();
  });
});
