/**
 * eFTI readiness: a mandatory element of an eFTI data subset that applies to this
 * shipment (EU01 always, EU02 combined, EU03 cabotage, EU05a dangerous goods) and that the shipment
 * cannot fill. A warning, since the carriage is lawful and the eFTI document stays valid without it
 * (every element is optional in the XSD); the authority simply gets less. The same projection
 * answers GET /v1/shipments/{id}/efti, whose `omitted` lists the same elements
 * (src/modules/efti/mapping/efti-omissions.ts states which elements count).
 */
import { projectConsignment } from '../../efti/mapping/consignment-of.js';
import { inputFieldOf } from '../../efti/mapping/input-fields.js';
import { TRANSPORT_TYPES } from '../shipment-input.schema.js';
import { stringAt } from './draft-reader.js';
import { defineRule, type Rule } from './rule.js';

const fillEn = (p: Record<string, unknown>) => (p.field ? `set ${String(p.field)}` : 'the service has no value for it yet (no code list of the Annex it can cite)');
const fillNl = (p: Record<string, unknown>) => (p.field ? `vul ${String(p.field)} in` : 'de dienst heeft er nog geen waarde voor (geen codelijst uit de bijlage die hij kan aanhalen)');
const fillDe = (p: Record<string, unknown>) => (p.field ? `setzen Sie ${String(p.field)}` : 'der Dienst hat noch keinen Wert dafür (keine Codeliste des Anhangs, die er anführen kann)');
const fillFr = (p: Record<string, unknown>) => (p.field ? `renseignez ${String(p.field)}` : "le service n'a pas encore de valeur pour cet élément (aucune liste de codes de l'annexe qu'il puisse citer)");

export const EFTI_RULES: readonly Rule[] = [
  defineRule({
    code: 'efti_element_missing',
    rule: 'efti.subset.mandatory',
    source: 'Delegated Regulation (EU) 2024/2024, Annex',
    severity: 'warning',
    messages: {
      en: (p) =>
        `The eFTI data subset ${String(p.subset)} makes ${String(p.efti_id)} (${String(p.element)}) mandatory, and this shipment cannot fill it: ${fillEn(p)}. The eFTI dataset leaves it out and lists it as omitted.`,
      nl: (p) =>
        `De eFTI-gegevenssubset ${String(p.subset)} maakt ${String(p.efti_id)} (${String(p.element)}) verplicht, en deze zending kan het niet vullen: ${fillNl(p)}. De eFTI-dataset laat het weg en vermeldt het als weggelaten.`,
      de: (p) =>
        `Die eFTI-Datenteilmenge ${String(p.subset)} macht ${String(p.efti_id)} (${String(p.element)}) verpflichtend, und diese Sendung kann es nicht füllen: ${fillDe(p)}. Der eFTI-Datensatz lässt es weg und führt es als ausgelassen auf.`,
      fr: (p) =>
        `Le sous-ensemble de données eFTI ${String(p.subset)} rend ${String(p.efti_id)} (${String(p.element)}) obligatoire, et cet envoi ne peut pas le renseigner : ${fillFr(p)}. Le jeu de données eFTI l'omet et le liste comme omis.`,
    },
    example: { efti_id: 'eFTI578', subset: 'EU03', element: 'consignment/usedTransportEquipment/registrationCountry/code', field: '$.vehicle.trailer_country' },
    check: (draft, { derivedTransportType }) => {
      const sent = TRANSPORT_TYPES.find((type) => type === stringAt(draft, 'transport_type'));
      const { omitted } = projectConsignment(draft, { transportType: derivedTransportType ?? sent, signatures: [] });
      return omitted.map((o) => {
        const field = inputFieldOf(o.path);
        // A field under every goods line points at the lines: the omission is reported once for all.
        return { path: field?.split('[*]')[0] ?? '$', params: { efti_id: o.efti_id, subset: o.subset, element: o.path, ...(field ? { field } : {}) } };
      });
    },
  }),
];
