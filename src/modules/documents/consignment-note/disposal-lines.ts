/**
 * What box 13 (the sender's instructions to the carrier) prints of the right of disposal (CMR
 * art. 12; docs/right-of-disposal.md): the sender's entry that the consignee disposes from the
 * start (art. 12(3)), and each instruction the carrier accepted — the note on which the new
 * instructions are entered (art. 12(5)(a)) — with who gave it, when, and what changed.
 */
import { localTime } from '../../../core/local-time.js';
import type { NoteDisposal, NoteLanguage } from './consignment-note-input.js';
import type { Line } from './note-text.js';

interface DisposalLabels {
  consigneeFromStart: string;
  instruction: string;
  kinds: Record<NoteDisposal['kind'], string>;
  parties: Record<NoteDisposal['instructing_party'], string>;
  by: string;
  newConsignee: string;
  newPlace: string;
  accepted: string;
}

const LABELS: Record<NoteLanguage, DisposalLabels> = {
  en: {
    consigneeFromStart: 'Right of disposal: the consignee, from the making out of this note (CMR art. 12(3))',
    instruction: 'Disposal instruction (CMR art. 12)',
    kinds: { stop: 'Stop the goods', change_delivery_place: 'Change the place of delivery', change_consignee: 'Deliver to another consignee', return: 'Return the goods to the sender' },
    parties: { consignor: 'the sender', consignee: 'the consignee' },
    by: 'given by',
    newConsignee: 'New consignee',
    newPlace: 'New place of delivery',
    accepted: 'Accepted by the carrier',
  },
  nl: {
    consigneeFromStart: 'Beschikkingsrecht: de geadresseerde, vanaf het opmaken van deze vrachtbrief (CMR art. 12 lid 3)',
    instruction: 'Beschikkingsopdracht (CMR art. 12)',
    kinds: { stop: 'Goederen ophouden', change_delivery_place: 'Andere plaats van aflevering', change_consignee: 'Afleveren aan een andere geadresseerde', return: 'Goederen terug naar de afzender' },
    parties: { consignor: 'de afzender', consignee: 'de geadresseerde' },
    by: 'gegeven door',
    newConsignee: 'Nieuwe geadresseerde',
    newPlace: 'Nieuwe plaats van aflevering',
    accepted: 'Aanvaard door de vervoerder',
  },
  de: {
    consigneeFromStart: 'Verfügungsrecht: der Empfänger, ab Ausstellung dieses Frachtbriefs (CMR Art. 12 Abs. 3)',
    instruction: 'Verfügung (CMR Art. 12)',
    kinds: { stop: 'Gut anhalten', change_delivery_place: 'Anderer Ablieferungsort', change_consignee: 'Ablieferung an einen anderen Empfänger', return: 'Gut zurück an den Absender' },
    parties: { consignor: 'dem Absender', consignee: 'dem Empfänger' },
    by: 'erteilt von',
    newConsignee: 'Neuer Empfänger',
    newPlace: 'Neuer Ablieferungsort',
    accepted: 'Vom Frachtführer angenommen',
  },
  fr: {
    consigneeFromStart: "Droit de disposition : le destinataire, dès l'établissement de cette lettre de voiture (CMR art. 12, par. 3)",
    instruction: 'Instruction de disposition (CMR art. 12)',
    kinds: { stop: 'Arrêter la marchandise', change_delivery_place: 'Modifier le lieu de livraison', change_consignee: 'Livrer à un autre destinataire', return: "Renvoyer la marchandise à l'expéditeur" },
    parties: { consignor: "l'expéditeur", consignee: 'le destinataire' },
    by: 'donnée par',
    newConsignee: 'Nouveau destinataire',
    newPlace: 'Nouveau lieu de livraison',
    accepted: 'Acceptée par le transporteur',
  },
};

const place = (address: Record<string, string | undefined> | undefined) =>
  address ? [address.street, [address.postal_code, address.city].filter(Boolean).join(' '), address.country].filter(Boolean).join(', ') : '';

/** Box 13's lines of the right of disposal, in the note's language and the zone its times print in. */
export function disposalLines(consigneeFromStart: boolean, disposals: readonly NoteDisposal[], language: NoteLanguage, zone: string): Line[] {
  const l = LABELS[language];
  const lines: Line[] = consigneeFromStart ? [{ text: l.consigneeFromStart, bold: true }] : [];
  for (const d of disposals) {
    lines.push({ text: `${l.instruction}: ${l.kinds[d.kind]}, ${l.by} ${l.parties[d.instructing_party]} · ${localTime(d.instructed_at, zone)}`, bold: true });
    if (d.consignee) lines.push({ text: `${l.newConsignee}: ${[d.consignee.name, place(d.consignee.address)].filter(Boolean).join(', ')}` });
    if (d.delivery?.address) lines.push({ text: `${l.newPlace}: ${place(d.delivery.address)}` });
    if (d.text) lines.push({ text: d.text });
    lines.push({ text: `${l.accepted} · ${localTime(d.accepted_at, zone)}` });
  }
  return lines;
}
