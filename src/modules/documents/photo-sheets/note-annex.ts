/**
 * The annex of a consignment note version: the photos of its reservations, oldest reservation
 * first, each photo referred to by its box (18: the carrier's reservations at pickup, 24: the
 * consignee's at delivery), the reservation's type and the remark's id. The reservation's box
 * says how many photos it has and on which annex page they are.
 */
import type { NoteLabels } from '../consignment-note/note-labels.js';
import type { ConsignmentNoteInput, NoteReservation } from '../consignment-note/consignment-note-input.js';
import { PHOTO_LABELS } from './photo-labels.js';
import { sheetPages, type SheetPhoto } from './photo-sheet-pages.js';

export interface NoteAnnex {
  photos: SheetPhoto[];
  /** "3 photos, annex page 1" for a reservation with photos; undefined for one without. */
  lineOf(reservation: NoteReservation): string | undefined;
}

export function reservationBox(reservation: Pick<NoteReservation, 'phase'>): 18 | 24 {
  return reservation.phase === 'delivery' ? 24 : 18;
}

export function noteAnnex(input: Pick<ConsignmentNoteInput, 'reservations' | 'language'>, l: NoteLabels): NoteAnnex {
  const photos: SheetPhoto[] = [];
  const first = new Map<NoteReservation, number>();
  for (const r of input.reservations ?? []) {
    if (!r.photos?.length) continue;
    first.set(r, photos.length);
    const reference = [reservationBox(r), l.reservationTypes[r.type] ?? r.type, r.id].filter(Boolean).join(' · ');
    photos.push(...r.photos.map((photo) => ({ photo, reference })));
  }
  return {
    photos,
    lineOf: (r) => {
      const at = first.get(r);
      return at === undefined ? undefined : PHOTO_LABELS[input.language].inAnnex(r.photos!.length, sheetPages(at, r.photos!.length));
    },
  };
}
