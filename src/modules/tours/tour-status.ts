/**
 * The tour state machine (docs/tours.md; the service description leaves tour statuses open):
 *
 * | from        | to          | when |
 * |-------------|-------------|------|
 * | planned     | in_progress | the first stop is done or skipped (`tour.started`) |
 * | in_progress | completed   | every stop is done or skipped (`tour.completed`) |
 * | planned     | cancelled   | `POST /v1/tours/{id}/cancel` (`tour.cancelled`) |
 * | in_progress | cancelled   | `POST /v1/tours/{id}/cancel` (`tour.cancelled`) |
 *
 * `completed` and `cancelled` are final. A move the machine forbids (cancel a completed tour) is
 * `invalid_transition`; any other change to a finished tour (update it, complete one of its stops)
 * is `invalid_state`. A stop moves once, from `pending` to `done` or `skipped`; completing it again
 * is `invalid_transition`.
 */
import { AppError } from '../../core/errors.js';
import type { TourStatusColumn } from './tours.tables.js';

export const TOUR_STATUSES = ['planned', 'in_progress', 'completed', 'cancelled'] as const;
export type TourStatus = TourStatusColumn;

export const STOP_STATUSES = ['pending', 'done', 'skipped'] as const;
export type StopStatus = (typeof STOP_STATUSES)[number];

const NEXT: Record<TourStatus, readonly TourStatus[]> = {
  planned: ['in_progress', 'cancelled'],
  in_progress: ['completed', 'cancelled'],
  completed: [],
  cancelled: [],
};

const VERB: Record<TourStatus, string> = { planned: 'plan', in_progress: 'start', completed: 'complete', cancelled: 'cancel' };

export const isFinished = (status: TourStatus): boolean => NEXT[status].length === 0;

/** Raises `invalid_transition` unless the machine allows `from` → `to`. */
export function assertTourTransition(id: string, from: TourStatus, to: TourStatus): void {
  if (NEXT[from].includes(to)) return;
  const allowed = NEXT[from].length > 0 ? `From ${from} it can move to: ${NEXT[from].join(', ')}.` : `${from} is final.`;
  throw new AppError('invalid_transition', `Cannot ${VERB[to]} tour ${id}: it is ${from}. ${allowed}`);
}

/** Raises `invalid_state` for a completed or cancelled tour: it no longer changes. */
export function assertTourOpen(id: string, status: TourStatus, what: string): void {
  if (isFinished(status)) throw new AppError('invalid_state', `Tour ${id} is ${status}: ${what} is only possible while it is planned or in progress.`);
}

/** The status the stops put an open tour in: started once one stop is through, completed once all are. */
export function statusAfterStops(current: TourStatus, stops: readonly { status: StopStatus }[]): TourStatus {
  if (isFinished(current)) return current;
  const through = stops.filter((s) => s.status !== 'pending').length;
  if (through === stops.length && stops.length > 0) return 'completed';
  return through > 0 ? 'in_progress' : 'planned';
}
