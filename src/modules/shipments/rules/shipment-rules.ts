/**
 * The business rules of the shipment, in the order of the generated table (docs/business-rules.md,
 * `npm run rules-doc`) and of the findings: consignment-note particulars first, then dangerous
 * goods, schedule, charges, successive carriers, waste, the kind of carriage and eFTI readiness.
 *
 * Loading this module registers every rule's messages with the finding catalogue, so a problem
 * body can render, or re-render in the requested language, any rule finding by its code.
 */
import { registerFindingMessages } from '../../../core/findings.js';
import type { Rule } from './rule.js';
import { CMR_PARTICULAR_RULES } from './cmr-particulars.rules.js';
import { ADR_RULES } from './adr.rules.js';
import { SCHEDULE_RULES } from './schedule.rules.js';
import { CHARGES_RULES } from './charges.rules.js';
import { PARTY_RULES } from './parties.rules.js';
import { WASTE_RULES } from './waste.rules.js';
import { TRANSPORT_TYPE_RULES } from './transport-type.rules.js';
import { EFTI_RULES } from './efti.rules.js';

export const SHIPMENT_RULES: readonly Rule[] = [
  ...CMR_PARTICULAR_RULES,
  ...ADR_RULES,
  ...SCHEDULE_RULES,
  ...CHARGES_RULES,
  ...PARTY_RULES,
  ...WASTE_RULES,
  ...TRANSPORT_TYPE_RULES,
  ...EFTI_RULES,
];

// A code is what clients branch on: two rules sharing one would make findings ambiguous.
const codes = new Set(SHIPMENT_RULES.map((rule) => rule.code));
if (codes.size !== SHIPMENT_RULES.length) throw new Error('two shipment rules share a finding code');

registerFindingMessages(Object.fromEntries(SHIPMENT_RULES.map((rule) => [rule.code, rule.messages])));
