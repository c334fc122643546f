/**
 * The invoicing profile's identifiers, checked when it is stored so that an invoice never fails on
 * them later: the VAT number's country shape, the IBAN checksum, the BIC, the Peppol endpoint's
 * scheme (the EAS list) and, where we can check it, its identifier (GLN, PEPPOL-COMMON-R040); the registration number a
 * Dutch (KvK, NL-R-003), Belgian (enterprise number, PEPPOL-COMMON-R043), Danish (CVR, DK-R-014)
 * or Swedish (organisation number, SE-R-013) seller must state; and what the national rules of
 * Peppol BIS ask of the seller's own data: a Greek seller's TIN (GR-R-003) as its endpoint in
 * scheme 9933 (GR-R-009), a Swedish seller's standard rate (SE-R-006), the tax registration (BT-32)
 * of a Swedish (SE-R-005) or Italian (IT-R-001) seller.
 */
import { AppError } from '../../core/errors.js';
import type { Finding } from '../../core/findings.js';
import type { InvoicingProfile, InvoicingProfileInput, PeppolEndpoint } from './invoice.schema.js';
import {
  EAS_CODES,
  isBelgianEnterpriseNumber,
  isBic,
  isCvrNumber,
  isGln,
  isGreekTin,
  isIban,
  isKvkNumber,
  isSwedishOrganisationNumber,
  isVatNumber,
  normalizeIban,
  normalizeVatNumber,
  registrationScheme,
  SWEDISH_VAT_RATES,
  taxRegistrationProblem,
  vatCountry,
  vatSchemeCountry,
} from './tax-identifiers.js';

const invalid = (path: string, message: string): Finding => ({ path: `$.${path}`, code: 'invalid', message });

/** Findings on a Peppol endpoint: an EAS scheme, and an identifier that scheme's rules accept. */
export function endpointFindings(endpoint: PeppolEndpoint, path: string): Finding[] {
  if (!EAS_CODES.has(endpoint.scheme)) return [invalid(`${path}.scheme`, `${endpoint.scheme} is not in the Peppol list of electronic address schemes (EAS).`)];
  // Greece's VAT scheme holds the bare TIN, without the EL prefix (GR-R-009, GR-R-010).
  if (endpoint.scheme === '9933') return isGreekTin(endpoint.id) ? [] : [invalid(`${path}.id`, 'A Greek TIN (9933) is nine digits with a valid check digit, without the EL prefix.')];
  const vatScheme = vatSchemeCountry(endpoint.scheme);
  if (vatScheme && !(isVatNumber(endpoint.id) && vatCountry(endpoint.id) === vatScheme)) {
    return [invalid(`${path}.id`, `Scheme ${endpoint.scheme} holds VAT numbers of ${vatScheme}; ${endpoint.id} is not one.`)];
  }
  if (endpoint.scheme === '0208' && !isBelgianEnterpriseNumber(endpoint.id)) return [invalid(`${path}.id`, 'A Belgian enterprise number (0208) is ten digits with a valid mod-97 check.')];
  if (endpoint.scheme === '0088' && !isGln(endpoint.id)) return [invalid(`${path}.id`, 'A GLN (0088) is thirteen digits with a valid GS1 check digit.')];
  if (endpoint.scheme === '0106' && !isKvkNumber(endpoint.id)) return [invalid(`${path}.id`, 'A KvK number (0106) is eight digits.')];
  if (endpoint.scheme === '0184' && !isCvrNumber(endpoint.id)) return [invalid(`${path}.id`, 'A Danish CVR number (0184) is eight digits.')];
  if (endpoint.scheme === '0007' && !isSwedishOrganisationNumber(endpoint.id)) return [invalid(`${path}.id`, 'A Swedish organisation number (0007) is ten digits with a valid Luhn check digit (PEPPOL-COMMON-R049).')];
  return [];
}

/** What the national rules of Peppol BIS ask of a seller of the VAT number's country. */
function nationalFindings(input: InvoicingProfileInput, vat: string): Finding[] {
  const country = vatCountry(vat);
  const findings: Finding[] = [];
  if (country === 'GR' && isVatNumber(vat) && !isGreekTin(vat.slice(2))) findings.push(invalid('vat_number', 'A Greek VAT number is EL and a TIN whose ninth digit is its check digit (GR-R-003).'));
  if (country === 'GR' && input.peppol_endpoint.scheme !== '9933') findings.push(invalid('peppol_endpoint.scheme', 'A Greek seller\'s Peppol address is its TIN in scheme 9933 (GR-R-009).'));
  if (country === 'SE' && input.vat_rate !== undefined && !SWEDISH_VAT_RATES.has(Number(input.vat_rate))) findings.push(invalid('vat_rate', 'A Swedish seller\'s standard rate is 25, 12 or 6 (SE-R-006).'));
  const taxRegistration = input.tax_registration_id === undefined ? undefined : taxRegistrationProblem(country, input.tax_registration_id);
  if (taxRegistration) findings.push(invalid('tax_registration_id', taxRegistration));
  return findings;
}

/** The profile to store, or 422 `validation_failed` with one finding per wrong field. */
export function checkInvoicingProfile(input: InvoicingProfileInput): InvoicingProfile {
  const findings: Finding[] = [];
  const vat = normalizeVatNumber(input.vat_number);
  if (!isVatNumber(vat)) findings.push(invalid('vat_number', `${input.vat_number} is not a VAT number: a country prefix and that country's format, such as NL856712345B01.`));
  const registration = registrationScheme(vatCountry(vat));
  const registrationNumber = registration ? registration.normalize(input.registration_number) : input.registration_number.trim();
  if (registration && !registration.check(registrationNumber)) findings.push(invalid('registration_number', `A seller registered for VAT in ${vatCountry(vat)} states ${registration.name}.`));
  findings.push(...endpointFindings(input.peppol_endpoint, 'peppol_endpoint'), ...nationalFindings(input, vat));
  const iban = input.iban === undefined ? undefined : normalizeIban(input.iban);
  if (iban !== undefined && !isIban(iban)) findings.push(invalid('iban', 'Not an IBAN: the check digits do not match (ISO 13616).'));
  if (input.bic !== undefined && !isBic(input.bic)) findings.push(invalid('bic', 'A BIC is 8 or 11 letters and digits, such as RABONL2U.'));
  if (findings.length > 0) throw new AppError('validation_failed', 'The invoicing profile does not validate; see errors.', { errors: findings });
  return {
    ...input,
    vat_number: vat,
    registration_number: registrationNumber,
    ...(iban === undefined ? {} : { iban }),
    payment_terms_days: input.payment_terms_days ?? 30,
    accounting_currency: input.accounting_currency ?? 'EUR',
  };
}
