/**
 * Cash on delivery (box 15): the consignment note states the amount to collect (CMR art. 6(2)(c)),
 * and a carrier who delivers without collecting it owes it up to that amount (art. 21). An amount
 * without its currency, or a currency without an amount, states nothing the carrier can collect.
 * The schema requires both fields too; validate-shipment.ts keeps this finding, which names the law.
 */
import { defineRule, type Rule, type RuleHit } from './rule.js';
import { isAbsent, objectAt } from './draft-reader.js';

function whenCashOnDeliveryLacks(key: 'amount' | 'currency'): (draft: unknown) => RuleHit[] {
  return (draft) => {
    const cod = objectAt(objectAt(draft, 'charges'), 'cash_on_delivery');
    return cod && isAbsent(cod[key]) ? [{ path: `$.charges.cash_on_delivery.${key}`, params: {} }] : [];
  };
}

export const CHARGES_RULES: readonly Rule[] = [
  defineRule({
    code: 'cash_on_delivery_currency_missing',
    rule: 'cmr.art21.cash_on_delivery_currency',
    source: 'CMR art. 6(2)(c), art. 21',
    severity: 'error',
    messages: {
      en: () => 'Cash on delivery has no currency; the amount the carrier must collect on delivery (CMR articles 6(2)(c) and 21) needs one.',
      nl: () => 'Het rembours heeft geen valuta; het bedrag dat de vervoerder bij aflevering moet innen (CMR artikelen 6 lid 2 onder c en 21) heeft er een nodig.',
      de: () => 'Die Nachnahme hat keine Währung; der Betrag, den der Frachtführer bei der Ablieferung einziehen muss (CMR Artikel 6 Absatz 2 Buchstabe c und Artikel 21), braucht eine.',
      fr: () => "Le remboursement n'a pas de devise ; le montant que le transporteur doit encaisser à la livraison (CMR, articles 6, paragraphe 2, lettre c), et 21) en exige une.",
    },
    example: {},
    check: whenCashOnDeliveryLacks('currency'),
  }),
  defineRule({
    code: 'cash_on_delivery_amount_missing',
    rule: 'cmr.art21.cash_on_delivery_amount',
    source: 'CMR art. 6(2)(c), art. 21',
    severity: 'error',
    messages: {
      en: () => 'Cash on delivery has no amount; CMR articles 6(2)(c) and 21 require the amount the carrier must collect on delivery.',
      nl: () => 'Het rembours heeft geen bedrag; CMR artikelen 6 lid 2 onder c en 21 vereisen het bedrag dat de vervoerder bij aflevering moet innen.',
      de: () => 'Die Nachnahme hat keinen Betrag; CMR Artikel 6 Absatz 2 Buchstabe c und Artikel 21 verlangen den Betrag, den der Frachtführer bei der Ablieferung einziehen muss.',
      fr: () => "Le remboursement n'a pas de montant ; la CMR, articles 6, paragraphe 2, lettre c), et 21, exige le montant que le transporteur doit encaisser à la livraison.",
    },
    example: {},
    check: whenCashOnDeliveryLacks('amount'),
  }),
];
