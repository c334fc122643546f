import { describe, expect, it } from 'vitest';
import { completeDraft, draftWith, fired } from './rule-test-support.js';

describe('waste_notification_number_missing', () => {
  it('fires when a waste shipment has no notification number and is not under Annex VII', () => {
    const draft = draftWith((d) => (d.waste = { ewc_code: '160104*', description: 'End-of-life vehicles' }));
    expect(fired(draft, 'waste_notification_number_missing')).toEqual([
      {
        bucket: 'errors',
        path: '$.waste.notification_number',
        rule: 'waste.notification_number',
        source: 'Regulation (EU) 2024/1157 art. 4–5, Annex IA',
        params: {},
        en: 'The waste shipment has no notification number; waste shipped under prior written notification and consent (Regulation (EU) 2024/1157, articles 4 and 5, Annex IA) must carry it. For green-listed waste under an Annex VII document, set annex_vii to true.',
        nl: 'De afvaloverbrenging heeft geen kennisgevingsnummer; afval dat wordt overgebracht na voorafgaande schriftelijke kennisgeving en toestemming (Verordening (EU) 2024/1157, artikelen 4 en 5, bijlage IA) moet dit vermelden. Zet annex_vii op true voor afval van de groene lijst met een bijlage VII-document.',
      },
    ]);
    expect(fired(draftWith((d) => (d.waste = { annex_vii: false })), 'waste_notification_number_missing')).toHaveLength(1);
  });

  it('does not fire with a notification number, under Annex VII, or without waste', () => {
    expect(fired(draftWith((d) => (d.waste = { notification_number: 'NL 123456' })), 'waste_notification_number_missing')).toEqual([]);
    expect(fired(draftWith((d) => (d.waste = { annex_vii: true, ewc_code: '191204' })), 'waste_notification_number_missing')).toEqual([]);
    expect(fired(completeDraft(), 'waste_notification_number_missing')).toEqual([]);
    expect(fired(draftWith((d) => (d.waste = 'yes')), 'waste_notification_number_missing')).toEqual([]);
  });
});
