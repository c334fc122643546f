/**
 * Who may dispose of the goods, and when (CMR articles 12 and 13; docs/right-of-disposal.md):
 *
 * | the note says (art. 12(3)) | goods arrived (art. 13(1)) | entitled |
 * |----------------------------|----------------------------|----------|
 * | nothing                    | no                         | the sender (consignor), art. 12(1) |
 * | nothing                    | yes                        | the consignee, art. 12(2) |
 * | consignee from the start   | either                     | the consignee, art. 12(3) |
 *
 * A consignee who had the goods delivered to another person has used its right: that person names
 * no further consignee (art. 12(4)). Only a shipment whose note is made out (issued or in transit)
 * takes instructions; a delivered one is `invalid_state` (the consignee took the goods, art. 13(1)).
 *
 * Each rule carries its `rule` id and `source` as the shipment's business rules do
 * (src/modules/shipments/rules/rule.ts): a refusal is 403 `disposal_not_entitled` with the
 * finding of the rule that refused, on `$.instructing_party`.
 */
import { AppError } from '../../core/errors.js';
import { registerFindingMessages, type Finding, type MessageTemplate } from '../../core/findings.js';
import type { Language } from '../../core/language.js';
import type { ShipmentRow } from '../shipments/shipments.repository.js';
import type { DisposalKindColumn, DisposalPartyColumn, RefusalReasonColumn } from './disposal.tables.js';

export const DISPOSAL_KINDS = ['stop', 'change_delivery_place', 'change_consignee', 'return'] as const satisfies readonly DisposalKindColumn[];
export type DisposalKind = DisposalKindColumn;

/** Who may be named as instructing: the parties of the note; only sender and consignee can be entitled. */
export const INSTRUCTING_PARTIES = ['consignor', 'consignee', 'carrier', 'successive_carrier'] as const;
export type InstructingParty = (typeof INSTRUCTING_PARTIES)[number];

export const REFUSAL_REASONS = ['impossible', 'interferes_with_operations', 'divides_consignment'] as const satisfies readonly RefusalReasonColumn[];
export type RefusalReason = RefusalReasonColumn;

/** The grounds on which the carrier may refuse an instruction (art. 12(5)(b)–(c)), with their source. */
export const REFUSAL_SOURCES: Record<RefusalReason, { source: string; meaning: string }> = {
  impossible: { source: 'CMR art. 12(5)(b)', meaning: 'carrying it out is not possible at the time the instruction reaches the carrier' },
  interferes_with_operations: { source: 'CMR art. 12(5)(b)', meaning: "it would interfere with the normal working of the carrier's undertaking or prejudice the senders or consignees of other consignments" },
  divides_consignment: { source: 'CMR art. 12(5)(c)', meaning: 'it would divide the consignment' },
};

interface EntitlementRule {
  code: string;
  rule: string;
  source: string;
  messages: Record<Language, MessageTemplate>;
}

const party = (p: Record<string, unknown>) => String(p.party);

/** The rules a refusal names; each message says who is entitled instead. */
export const ENTITLEMENT_RULES = {
  sender: {
    code: 'disposal_reserved_to_sender',
    rule: 'cmr.art12.1.sender',
    source: 'CMR art. 12(1)–(2)',
    messages: {
      en: (p) => `The ${party(p)} may not dispose of the goods now: until the goods arrive at the place of delivery, the sender (consignor) has the right of disposal (CMR article 12(1)–(2)).`,
      nl: (p) => `De ${party(p)} mag nu niet over de goederen beschikken: tot de goederen op de plaats van aflevering aankomen, heeft de afzender het beschikkingsrecht (CMR artikel 12 lid 1–2).`,
      de: (p) => `Der ${party(p)} darf jetzt nicht über das Gut verfügen: Bis das Gut am Ablieferungsort ankommt, hat der Absender das Verfügungsrecht (CMR Artikel 12 Absatz 1–2).`,
      fr: (p) => `Le ${party(p)} ne peut pas disposer de la marchandise maintenant : jusqu'à son arrivée au lieu de livraison, l'expéditeur a le droit de disposition (CMR, article 12, paragraphes 1 et 2).`,
    },
  },
  consigneeAfterArrival: {
    code: 'disposal_passed_to_consignee',
    rule: 'cmr.art12.2.consignee_after_arrival',
    source: 'CMR art. 12(2), art. 13(1)',
    messages: {
      en: (p) => `The ${party(p)} may no longer dispose of the goods: they have arrived at the place of delivery, and from then on the consignee has the right of disposal (CMR articles 12(2) and 13(1)).`,
      nl: (p) => `De ${party(p)} mag niet meer over de goederen beschikken: ze zijn op de plaats van aflevering aangekomen, en vanaf dan heeft de geadresseerde het beschikkingsrecht (CMR artikelen 12 lid 2 en 13 lid 1).`,
      de: (p) => `Der ${party(p)} darf nicht mehr über das Gut verfügen: Es ist am Ablieferungsort angekommen, und von da an hat der Empfänger das Verfügungsrecht (CMR Artikel 12 Absatz 2 und 13 Absatz 1).`,
      fr: (p) => `Le ${party(p)} ne peut plus disposer de la marchandise : elle est arrivée au lieu de livraison, et dès lors le destinataire a le droit de disposition (CMR, articles 12, paragraphe 2, et 13, paragraphe 1).`,
    },
  },
  consigneeByEntry: {
    code: 'disposal_given_to_consignee',
    rule: 'cmr.art12.3.consignee_by_entry',
    source: 'CMR art. 12(3)',
    messages: {
      en: (p) => `The ${party(p)} may not dispose of the goods: the sender entered in the consignment note that the consignee has the right of disposal from the time the note was made out (CMR article 12(3)).`,
      nl: (p) => `De ${party(p)} mag niet over de goederen beschikken: de afzender heeft in de vrachtbrief vermeld dat de geadresseerde het beschikkingsrecht heeft vanaf het opmaken van de vrachtbrief (CMR artikel 12 lid 3).`,
      de: (p) => `Der ${party(p)} darf nicht über das Gut verfügen: Der Absender hat im Frachtbrief vermerkt, dass der Empfänger das Verfügungsrecht von der Ausstellung des Frachtbriefs an hat (CMR Artikel 12 Absatz 3).`,
      fr: (p) => `Le ${party(p)} ne peut pas disposer de la marchandise : l'expéditeur a indiqué dans la lettre de voiture que le destinataire a le droit de disposition dès l'établissement de la lettre de voiture (CMR, article 12, paragraphe 3).`,
    },
  },
  noFurtherConsignee: {
    code: 'disposal_no_further_consignee',
    rule: 'cmr.art12.4.no_further_consignee',
    source: 'CMR art. 12(4)',
    messages: {
      en: () => 'The consignee already had the goods delivered to another person; that person may not name other consignees (CMR article 12(4)).',
      nl: () => 'De geadresseerde heeft de goederen al aan een ander laten afleveren; die ander mag geen andere geadresseerden aanwijzen (CMR artikel 12 lid 4).',
      de: () => 'Der Empfänger hat das Gut bereits an einen anderen abliefern lassen; dieser darf keine weiteren Empfänger bestimmen (CMR Artikel 12 Absatz 4).',
      fr: () => "Le destinataire a déjà fait livrer la marchandise à une autre personne ; celle-ci ne peut pas désigner d'autres destinataires (CMR, article 12, paragraphe 4).",
    },
  },
} as const satisfies Record<string, EntitlementRule>;

registerFindingMessages(Object.fromEntries(Object.values(ENTITLEMENT_RULES).map((r) => [r.code, r.messages])));

/** The party entitled to dispose now, and the rule that makes it so. */
export function entitledParty(shipment: Pick<ShipmentRow, 'data' | 'arrived_at'>): { party: DisposalPartyColumn; rule: EntitlementRule } {
  if (shipment.data.consignee_has_right_of_disposal === true) return { party: 'consignee', rule: ENTITLEMENT_RULES.consigneeByEntry };
  if (shipment.arrived_at) return { party: 'consignee', rule: ENTITLEMENT_RULES.consigneeAfterArrival };
  return { party: 'consignor', rule: ENTITLEMENT_RULES.sender };
}

/** Whether a shipment in `status` takes instructions at all: its note made out, the goods neither delivered (art. 13(1)) nor the carriage cancelled. */
export const takesInstructions = (status: ShipmentRow['status']): boolean => status === 'issued' || status === 'in_transit';

function refusal(rule: EntitlementRule, params: Record<string, unknown>): AppError {
  const finding: Finding = { path: '$.instructing_party', code: rule.code, rule: rule.rule, source: rule.source, params, message: rule.messages.en(params) };
  return new AppError('disposal_not_entitled', `${finding.message}`, { errors: [finding] });
}

/**
 * Raises `invalid_state` unless the note is made out and the goods not yet delivered, and
 * `disposal_not_entitled` (naming the rule) unless `instructing` holds the right of disposal now.
 */
export function assertEntitled(
  shipment: Pick<ShipmentRow, 'id' | 'status' | 'data' | 'arrived_at'>,
  instructing: InstructingParty,
  kind: DisposalKind,
  consigneeChangedBefore: boolean,
): DisposalPartyColumn {
  if (shipment.status === 'draft') throw new AppError('invalid_state', `Shipment ${shipment.id} is a draft: the right of disposal exists once the consignment note is made out (issued).`);
  if (shipment.status === 'delivered' || shipment.status === 'cancelled') {
    throw new AppError('invalid_state', `Shipment ${shipment.id} is ${shipment.status}: the right of disposal ends when the goods are delivered to the consignee (CMR article 13(1)), and a cancelled carriage has no goods to dispose of.`);
  }
  const entitled = entitledParty(shipment);
  if (instructing !== entitled.party) throw refusal(entitled.rule, { party: instructing });
  if (instructing === 'consignee' && kind === 'change_consignee' && consigneeChangedBefore) throw refusal(ENTITLEMENT_RULES.noFurtherConsignee, { party: instructing });
  return entitled.party;
}
