/**
 * What an erasure changes in shipment templates (docs/shipment-templates.md): a template whose
 * parties, pickup or delivery hold a record of the subject (found as in a shipment: by e-mail or
 * phone, by name with address, by party reference) loses that record's personal fields as a
 * shipment's records do, then the subject's values and addresses wherever else they occur in its
 * fields and its name. A template is the organisation's own working data: nothing is retained.
 */
import type { TenantContext } from '../../core/context.js';
import type { Database } from '../../ports/database.js';
import { isSubjects, personRecords, searchTerms, subjectAddresses, type Identity, type Subject } from './data-subject.js';
import { addressValues, eraseNeedles, eraseRecords, eraseText, needlePattern, recordValues } from './erase-values.js';
import { eraseShipmentTemplate } from './erased-records.repository.js';
import type { ErasurePlan } from './erasure-plan.js';
import { selectTemplatesMentioning } from './privacy.repository.js';

/** Adds the templates holding the subject to `plan`, and their values to what the stores not tied to a shipment are searched for. */
export async function planTemplateErasure(db: Database, ctx: TenantContext, subject: Subject, identity: Identity, plan: ErasurePlan): Promise<void> {
  const strong = [...identity.emails, ...identity.phones];
  for (const row of await selectTemplatesMentioning(db, ctx, searchTerms(subject, identity))) {
    const data = structuredClone(row.data);
    const records = personRecords(data).filter((r) => isSubjects(subject, identity, r));
    if (records.length === 0) continue;
    const addresses = subjectAddresses(subject, data, records);
    const needles = { values: [...strong, ...records.flatMap(recordValues), ...addresses.flatMap(addressValues)], addresses };
    plan.names.push(...needles.values);
    plan.addresses.push(...addresses);
    const fields = eraseRecords(records);
    const erased = eraseNeedles(data, needles);
    fields.push(...erased.paths);
    const name = eraseText(row.name, needlePattern(needles.values));
    if (name !== undefined) fields.push('name');
    plan.add('shipment_template', row.id, [...new Set(fields)], (trx) => eraseShipmentTemplate(trx, ctx, row.id, name ?? row.name, erased.value));
  }
}
