/** The words of the photo sheets (the note's annex, the proof of delivery's photo pages) and of a reservation's photo line, per note language. */
import type { NoteLanguage } from '../consignment-note/consignment-note-input.js';

export interface PhotoLabels {
  /** "3 photos, annex page 2" in a reservation's box; `pages` is one page or a range. */
  inAnnex: (count: number, pages: string) => string;
  /** Heading of an annex page of the note. */
  annexPage: (n: number, of: number) => string;
  /** Heading of a photo page of the proof of delivery. */
  podPage: (n: number, of: number) => string;
  /** Pointer from a reservation of the proof of delivery to its photos. */
  onPages: (count: number, pages: string) => string;
  taken: string;
  noPreview: string;
  compareHash: string;
}

export const PHOTO_LABELS: Record<NoteLanguage, PhotoLabels> = {
  en: {
    inAnnex: (n, pages) => `${n} ${n === 1 ? 'photo' : 'photos'}, annex ${pages.includes('–') ? 'pages' : 'page'} ${pages}`,
    annexPage: (n, of) => `Annex page ${n} of ${of}: photos of the reservations`,
    podPage: (n, of) => `Photos of the reservations (${n} of ${of})`,
    onPages: (n, pages) => `${n} ${n === 1 ? 'photo' : 'photos'}, photo ${pages.includes('–') ? 'pages' : 'page'} ${pages}`,
    taken: 'Taken',
    noPreview: 'No preview',
    compareHash: 'Compare the stored file with the SHA-256 below.',
  },
  nl: {
    inAnnex: (n, pages) => `${n} ${n === 1 ? 'foto' : "foto's"}, bijlage ${pages.includes('–') ? "pagina's" : 'pagina'} ${pages}`,
    annexPage: (n, of) => `Bijlage pagina ${n} van ${of}: foto's bij de voorbehouden`,
    podPage: (n, of) => `Foto's bij de voorbehouden (${n} van ${of})`,
    onPages: (n, pages) => `${n} ${n === 1 ? 'foto' : "foto's"}, fotopagina ${pages}`,
    taken: 'Genomen',
    noPreview: 'Geen voorbeeld',
    compareHash: 'Vergelijk het bewaarde bestand met de SHA-256 hieronder.',
  },
  de: {
    inAnnex: (n, pages) => `${n} ${n === 1 ? 'Foto' : 'Fotos'}, Anlage ${pages.includes('–') ? 'Seiten' : 'Seite'} ${pages}`,
    annexPage: (n, of) => `Anlage Seite ${n} von ${of}: Fotos zu den Vorbehalten`,
    podPage: (n, of) => `Fotos zu den Vorbehalten (${n} von ${of})`,
    onPages: (n, pages) => `${n} ${n === 1 ? 'Foto' : 'Fotos'}, Fotoseite ${pages}`,
    taken: 'Aufgenommen',
    noPreview: 'Keine Vorschau',
    compareHash: 'Vergleichen Sie die gespeicherte Datei mit dem SHA-256 unten.',
  },
  fr: {
    inAnnex: (n, pages) => `${n} ${n === 1 ? 'photo' : 'photos'}, annexe ${pages.includes('–') ? 'pages' : 'page'} ${pages}`,
    annexPage: (n, of) => `Annexe page ${n} sur ${of} : photos des réserves`,
    podPage: (n, of) => `Photos des réserves (${n} sur ${of})`,
    onPages: (n, pages) => `${n} ${n === 1 ? 'photo' : 'photos'}, page photo ${pages}`,
    taken: 'Prise',
    noPreview: 'Aperçu indisponible',
    compareHash: 'Comparez le fichier conservé avec le SHA-256 ci-dessous.',
  },
};
