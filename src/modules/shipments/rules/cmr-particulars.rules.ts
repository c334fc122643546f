/**
 * Particulars the consignment note must contain (CMR art. 6(1)). The schema requires no top-level
 * field (shipment-input.schema.ts), so these rules are what names a missing party, place, date or
 * goods line, with the article behind it. A party or stop that is present but incomplete (no name,
 * no address) is the schema's to report, as is a value of the wrong type: here only absence counts.
 */
import { defineRule, type Rule, type RuleHit } from './rule.js';
import { field, goodsLines, isAbsent, isObject } from './draft-reader.js';

const line = (p: Record<string, unknown>) => String(p.line);

/** A rule firing at `$.<key>` when that top-level field is absent. */
function whenAbsent(key: string): (draft: unknown) => RuleHit[] {
  return (draft) => (isAbsent(field(draft, key)) ? [{ path: `$.${key}`, params: {} }] : []);
}

/** A rule firing once per goods line (1-based in params, 0-based in the path) whose `key` is absent. */
function perLineWhenAbsent(key: string): (draft: unknown) => RuleHit[] {
  return (draft) =>
    goodsLines(draft)
      .filter(({ line: l }) => isAbsent(l[key]))
      .map(({ index }) => ({ path: `$.goods[${index}].${key}`, params: { line: index + 1 } }));
}

export const CMR_PARTICULAR_RULES: readonly Rule[] = [
  defineRule({
    code: 'consignor_missing',
    rule: 'cmr.art6.consignor',
    source: 'CMR art. 6(1)(b)',
    severity: 'error',
    messages: {
      en: () => "The consignment note has no consignor (sender); CMR article 6(1)(b) requires the sender's name and address.",
      nl: () => 'De vrachtbrief heeft geen afzender; CMR artikel 6 lid 1 onder b vereist naam en adres van de afzender.',
      de: () => 'Der Frachtbrief hat keinen Absender; CMR Artikel 6 Absatz 1 Buchstabe b verlangt Name und Anschrift des Absenders.',
      fr: () => "La lettre de voiture n'a pas d'expéditeur ; la CMR, article 6, paragraphe 1, lettre b), exige le nom et l'adresse de l'expéditeur.",
    },
    example: {},
    check: whenAbsent('consignor'),
  }),
  defineRule({
    code: 'carrier_missing',
    rule: 'cmr.art6.carrier',
    source: 'CMR art. 6(1)(c)',
    severity: 'error',
    messages: {
      en: () => "The consignment note has no carrier; CMR article 6(1)(c) requires the carrier's name and address.",
      nl: () => 'De vrachtbrief heeft geen vervoerder; CMR artikel 6 lid 1 onder c vereist naam en adres van de vervoerder.',
      de: () => 'Der Frachtbrief hat keinen Frachtführer; CMR Artikel 6 Absatz 1 Buchstabe c verlangt Name und Anschrift des Frachtführers.',
      fr: () => "La lettre de voiture n'a pas de transporteur ; la CMR, article 6, paragraphe 1, lettre c), exige le nom et l'adresse du transporteur.",
    },
    example: {},
    check: whenAbsent('carrier'),
  }),
  defineRule({
    code: 'consignee_missing',
    rule: 'cmr.art6.consignee',
    source: 'CMR art. 6(1)(e)',
    severity: 'error',
    messages: {
      en: () => "The consignment note has no consignee; CMR article 6(1)(e) requires the consignee's name and address.",
      nl: () => 'De vrachtbrief heeft geen geadresseerde; CMR artikel 6 lid 1 onder e vereist naam en adres van de geadresseerde.',
      de: () => 'Der Frachtbrief hat keinen Empfänger; CMR Artikel 6 Absatz 1 Buchstabe e verlangt Name und Anschrift des Empfängers.',
      fr: () => "La lettre de voiture n'a pas de destinataire ; la CMR, article 6, paragraphe 1, lettre e), exige le nom et l'adresse du destinataire.",
    },
    example: {},
    check: whenAbsent('consignee'),
  }),
  defineRule({
    code: 'pickup_missing',
    rule: 'cmr.art6.place_of_taking_over',
    source: 'CMR art. 6(1)(d)',
    severity: 'error',
    messages: {
      en: () => 'The place of taking over the goods (pickup) is missing; CMR article 6(1)(d) requires it.',
      nl: () => 'De plaats van inontvangstneming van de goederen (ophaaladres) ontbreekt; CMR artikel 6 lid 1 onder d vereist deze.',
      de: () => 'Der Ort der Übernahme des Gutes (Abholung) fehlt; CMR Artikel 6 Absatz 1 Buchstabe d verlangt ihn.',
      fr: () => "Le lieu de la prise en charge de la marchandise (enlèvement) manque ; la CMR, article 6, paragraphe 1, lettre d), l'exige.",
    },
    example: {},
    check: whenAbsent('pickup'),
  }),
  defineRule({
    code: 'pickup_date_missing',
    rule: 'cmr.art6.date_of_taking_over',
    source: 'CMR art. 6(1)(d)',
    severity: 'error',
    messages: {
      en: () => 'The date of taking over the goods is missing: give the pickup a window; CMR article 6(1)(d) requires the date.',
      nl: () => 'De datum van inontvangstneming van de goederen ontbreekt: geef het ophaaladres een tijdvenster; CMR artikel 6 lid 1 onder d vereist deze datum.',
      de: () => 'Der Tag der Übernahme des Gutes fehlt: Geben Sie der Abholung ein Zeitfenster; CMR Artikel 6 Absatz 1 Buchstabe d verlangt das Datum.',
      fr: () => "La date de la prise en charge de la marchandise manque : donnez un créneau à l'enlèvement ; la CMR, article 6, paragraphe 1, lettre d), exige la date.",
    },
    example: {},
    // Without a pickup the place is already reported; a date for a missing place would be noise.
    check: (draft) => {
      const pickup = field(draft, 'pickup');
      return isObject(pickup) && isAbsent(pickup.window) ? [{ path: '$.pickup.window', params: {} }] : [];
    },
  }),
  defineRule({
    code: 'delivery_missing',
    rule: 'cmr.art6.place_of_delivery',
    source: 'CMR art. 6(1)(d)',
    severity: 'error',
    messages: {
      en: () => 'The place designated for delivery is missing; CMR article 6(1)(d) requires it.',
      nl: () => 'De voor de aflevering aangewezen plaats ontbreekt; CMR artikel 6 lid 1 onder d vereist deze.',
      de: () => 'Der für die Ablieferung vorgesehene Ort fehlt; CMR Artikel 6 Absatz 1 Buchstabe d verlangt ihn.',
      fr: () => "Le lieu prévu pour la livraison manque ; la CMR, article 6, paragraphe 1, lettre d), l'exige.",
    },
    example: {},
    check: whenAbsent('delivery'),
  }),
  defineRule({
    code: 'goods_missing',
    rule: 'cmr.art6.goods',
    source: 'CMR art. 6(1)(f)',
    severity: 'error',
    messages: {
      en: () => 'The shipment has no goods line; CMR article 6(1)(f) requires a description of the goods and their packing.',
      nl: () => 'De zending heeft geen goederenregel; CMR artikel 6 lid 1 onder f vereist een omschrijving van de goederen en hun verpakking.',
      de: () => 'Die Sendung hat keine Warenposition; CMR Artikel 6 Absatz 1 Buchstabe f verlangt eine Bezeichnung des Gutes und der Art der Verpackung.',
      fr: () => "L'envoi n'a aucune ligne de marchandises ; la CMR, article 6, paragraphe 1, lettre f), exige une dénomination de la marchandise et de son mode d'emballage.",
    },
    example: {},
    // `goods` of another type than an array is the schema's invalid_type.
    check: (draft) => {
      const goods = field(draft, 'goods');
      return isAbsent(goods) || (Array.isArray(goods) && goods.length === 0) ? [{ path: '$.goods', params: {} }] : [];
    },
  }),
  defineRule({
    code: 'goods_quantity_missing',
    rule: 'cmr.art6.number_of_packages',
    source: 'CMR art. 6(1)(g)',
    severity: 'error',
    messages: {
      en: (p) => `Goods line ${line(p)} has no number of packages; CMR article 6(1)(g) requires it.`,
      nl: (p) => `Goederenregel ${line(p)} heeft geen aantal colli; CMR artikel 6 lid 1 onder g vereist dit.`,
      de: (p) => `Warenposition ${line(p)} hat keine Anzahl der Packstücke; CMR Artikel 6 Absatz 1 Buchstabe g verlangt sie.`,
      fr: (p) => `La ligne de marchandises ${line(p)} n'indique pas le nombre de colis ; la CMR, article 6, paragraphe 1, lettre g), l'exige.`,
    },
    example: { line: 3 },
    check: perLineWhenAbsent('quantity'),
  }),
  defineRule({
    code: 'goods_gross_weight_missing',
    rule: 'cmr.art6.gross_weight',
    source: 'CMR art. 6(1)(h)',
    severity: 'error',
    messages: {
      en: (p) => `Goods line ${line(p)} has no gross weight; CMR article 6(1)(h) requires it.`,
      nl: (p) => `Goederenregel ${line(p)} heeft geen brutogewicht; CMR artikel 6 lid 1 onder h vereist dit.`,
      de: (p) => `Warenposition ${line(p)} hat kein Rohgewicht; CMR Artikel 6 Absatz 1 Buchstabe h verlangt es.`,
      fr: (p) => `La ligne de marchandises ${line(p)} n'indique pas le poids brut ; la CMR, article 6, paragraphe 1, lettre h), l'exige.`,
    },
    example: { line: 3 },
    check: perLineWhenAbsent('gross_weight_kg'),
  }),
];
