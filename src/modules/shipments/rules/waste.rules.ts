/**
 * Shipments of waste (Regulation (EU) 2024/1157). Waste subject to prior written notification and
 * consent (art. 4–5) travels with the notification number the authority of dispatch gave (Annex IA,
 * box 3; Annex IB repeats it on the movement document). Green-listed waste moves under the Annex VII
 * document instead (art. 18), which has no notification number: `annex_vii: true` says so.
 */
import { defineRule, type Rule } from './rule.js';
import { isAbsent, objectAt } from './draft-reader.js';

export const WASTE_RULES: readonly Rule[] = [
  defineRule({
    code: 'waste_notification_number_missing',
    rule: 'waste.notification_number',
    source: 'Regulation (EU) 2024/1157 art. 4–5, Annex IA',
    severity: 'error',
    messages: {
      en: () =>
        'The waste shipment has no notification number; waste shipped under prior written notification and consent (Regulation (EU) 2024/1157, articles 4 and 5, Annex IA) must carry it. For green-listed waste under an Annex VII document, set annex_vii to true.',
      nl: () =>
        'De afvaloverbrenging heeft geen kennisgevingsnummer; afval dat wordt overgebracht na voorafgaande schriftelijke kennisgeving en toestemming (Verordening (EU) 2024/1157, artikelen 4 en 5, bijlage IA) moet dit vermelden. Zet annex_vii op true voor afval van de groene lijst met een bijlage VII-document.',
      de: () =>
        'Die Abfallverbringung hat keine Notifizierungsnummer; Abfälle, die nach vorheriger schriftlicher Notifizierung und Zustimmung verbracht werden (Verordnung (EU) 2024/1157, Artikel 4 und 5, Anhang IA), müssen sie angeben. Für Abfälle der Grünen Liste mit einem Anhang-VII-Dokument setzen Sie annex_vii auf true.',
      fr: () =>
        "Le transfert de déchets n'a pas de numéro de notification ; les déchets transférés selon la procédure de notification et de consentement écrits préalables (règlement (UE) 2024/1157, articles 4 et 5, annexe IA) doivent le porter. Pour des déchets de la liste verte accompagnés du document de l'annexe VII, mettez annex_vii à true.",
    },
    example: {},
    check: (draft) => {
      const waste = objectAt(draft, 'waste');
      return waste && isAbsent(waste.notification_number) && waste.annex_vii !== true
        ? [{ path: '$.waste.notification_number', params: {} }]
        : [];
    },
  }),
];
