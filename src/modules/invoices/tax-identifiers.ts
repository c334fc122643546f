/**
 * The identifiers an e-invoice carries, checked before they reach one: VAT numbers by country
 * shape, IBAN by its ISO 13616 checksum, BIC by shape, Peppol endpoint schemes by the EAS code
 * list Peppol BIS Billing 3.0 accepts (PEPPOL-EN16931-CL008), and the registration numbers the
 * Dutch and Belgian rules check (KvK for NL-R-003/NL-R-005; the enterprise number's mod-97 for
 * PEPPOL-COMMON-R043), the Danish CVR number (DK-R-014), the Swedish organisation number's Luhn
 * digit (SE-R-013, PEPPOL-COMMON-R049) and the check digit of a Greek TIN (GR-R-003, GR-R-009).
 */

/** The EU member states (the VAT area), by ISO 3166-1 code. */
export const EU_COUNTRIES: ReadonlySet<string> = new Set([
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
]);

/** VAT number shapes after the prefix, without spaces, dots or dashes. Greece's prefix is `EL`. */
const VAT_SHAPES: Record<string, RegExp> = {
  AT: /^U\d{8}$/, BE: /^[01]\d{9}$/, BG: /^\d{9,10}$/, CY: /^\d{8}[A-Z]$/, CZ: /^\d{8,10}$/, DE: /^\d{9}$/, DK: /^\d{8}$/, EE: /^\d{9}$/,
  EL: /^\d{9}$/, ES: /^[A-Z0-9]\d{7}[A-Z0-9]$/, FI: /^\d{8}$/, FR: /^[A-HJ-NP-Z0-9]{2}\d{9}$/, HR: /^\d{11}$/, HU: /^\d{8}$/,
  IE: /^\d{7}[A-W][A-I]?$|^\d[A-Z+*]\d{5}[A-W]$/, IT: /^\d{11}$/, LT: /^\d{9}$|^\d{12}$/, LU: /^\d{8}$/, LV: /^\d{11}$/, MT: /^\d{8}$/,
  NL: /^\d{9}B\d{2}$/, PL: /^\d{10}$/, PT: /^\d{9}$/, RO: /^\d{2,10}$/, SE: /^\d{10}01$/, SI: /^\d{8}$/, SK: /^\d{10}$/,
  // Outside the EU, for buyers: Switzerland (UID with MWST/TVA/IVA/TPV), Norway, the United Kingdom.
  CH: /^E\d{9}(MWST|TVA|IVA|TPV)?$/, NO: /^\d{9}(MVA)?$/, GB: /^\d{9}$|^\d{12}$|^(GD|HA)\d{3}$/,
};

/** The VAT number in the form invoices carry it: upper case, without spaces, dots or dashes. */
export function normalizeVatNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, '');
}

/** The country of a VAT number's prefix (ISO 3166-1; `EL` is Greece, `CHE` Switzerland). */
export function vatCountry(vat: string): string {
  const prefix = normalizeVatNumber(vat).slice(0, 2);
  return prefix === 'EL' ? 'GR' : prefix;
}

/** True when `vat` has a known country prefix and that country's shape. */
export function isVatNumber(vat: string): boolean {
  const v = normalizeVatNumber(vat);
  const shape = VAT_SHAPES[v.slice(0, 2)];
  return shape !== undefined && shape.test(v.slice(2));
}

/** ISO 13616: move the first four characters to the end, letters to numbers, remainder 1 by 97. */
export function isIban(value: string): boolean {
  const iban = value.replace(/\s/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  const digits = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(digits) % 97n === 1n;
}

export function normalizeIban(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

export function isBic(value: string): boolean {
  return /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(value);
}

/** Electronic address schemes (EAS) Peppol BIS Billing 3.0 accepts (PEPPOL-EN16931-CL008). */
export const EAS_CODES: ReadonlySet<string> = new Set(
  ('0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 0190 0191 0192 0193 0194 0195 0196 0198 0199 ' +
    '0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 0217 0218 0221 0225 0230 0235 0240 ' +
    '9910 9913 9914 9915 9918 9919 9920 9922 9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 ' +
    '9943 9944 9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959').split(' '),
);

/**
 * The EAS scheme whose identifiers are the VAT numbers of a country, for deriving a buyer's
 * Peppol endpoint from its VAT number. Sweden and Norway have none in the list: their buyers'
 * endpoints must be given.
 */
export const VAT_SCHEME_BY_COUNTRY: Readonly<Record<string, string>> = {
  AT: '9914', BE: '9925', BG: '9926', CY: '9928', CZ: '9929', DE: '9930', DK: '0198', EE: '9931', ES: '9920', FI: '0213', FR: '9957', GR: '9933',
  HR: '9934', HU: '9910', IE: '9935', IT: '0211', LT: '9937', LU: '9938', LV: '9939', MT: '9943', NL: '9944', PL: '9945', PT: '9946', RO: '9947',
  SI: '9949', SK: '9950', CH: '9927', GB: '9932', LI: '9936', MC: '9940', SM: '9951', AD: '9922', AL: '9923', BA: '9924', ME: '9941', MK: '9942',
  RS: '9948', TR: '9952', VA: '9953',
};

/**
 * The endpoint identifier of a VAT number in its country's scheme: the number itself, but for
 * Greece (9933), whose rules want the bare nine-digit TIN (GR-R-009, GR-R-010).
 */
export function vatEndpointId(vat: string): string {
  const v = normalizeVatNumber(vat);
  return vatCountry(v) === 'GR' ? v.slice(2) : v;
}

const VAT_SCHEMES: ReadonlyMap<string, string> = new Map(Object.entries(VAT_SCHEME_BY_COUNTRY).map(([country, scheme]) => [scheme, country]));

/** The country whose VAT numbers scheme `scheme` holds, if it is such a scheme. */
export function vatSchemeCountry(scheme: string): string | undefined {
  return VAT_SCHEMES.get(scheme);
}

/** Belgian enterprise number (EAS 0208): ten digits, the last two 97 minus the first eight mod 97. */
export function isBelgianEnterpriseNumber(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  return 97n - (BigInt(value.slice(0, 8)) % 97n) === BigInt(value.slice(8));
}

/** GS1 Global Location Number (EAS 0088, PEPPOL-COMMON-R040): 13 digits, the last a mod-10 check (weights 3 and 1 from the right). */
export function isGln(value: string): boolean {
  if (!/^\d{13}$/.test(value)) return false;
  const sum = [...value.slice(0, 12)].reverse().reduce((acc, d, i) => acc + Number(d) * (i % 2 === 0 ? 3 : 1), 0);
  return (10 - (sum % 10)) % 10 === Number(value[12]);
}

/** Dutch Chamber of Commerce number (KvK, EAS 0106): eight digits. */
export function isKvkNumber(value: string): boolean {
  return /^\d{8}$/.test(value);
}

/** Danish business register number (CVR, EAS 0184): eight digits, the first not 0. */
export function isCvrNumber(value: string): boolean {
  return /^[1-9]\d{7}$/.test(value);
}

/** Swedish organisation number (EAS 0007): ten digits, the last a Luhn check of the first nine (SE-R-013). */
export function isSwedishOrganisationNumber(value: string): boolean {
  if (!/^\d{10}$/.test(value)) return false;
  const sum = [...value.slice(0, 9)].reverse().reduce((acc, d, i) => {
    const n = Number(d) * (i % 2 === 0 ? 2 : 1);
    return acc + (n > 9 ? n - 9 : n);
  }, 0);
  return (10 - (sum % 10)) % 10 === Number(value[9]);
}

/** Greek tax identification number (AFM): nine digits, the last the first eight weighted by powers of two, mod 11 mod 10. */
export function isGreekTin(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const sum = [...value.slice(0, 8)].reduce((acc, d, i) => acc + Number(d) * 2 ** (8 - i), 0);
  return (sum % 11) % 10 === Number(value[8]);
}

/**
 * The legal registration scheme we state for a seller or buyer of `country`: KvK in the
 * Netherlands (NL-R-003, NL-R-005), the enterprise number in Belgium, the CVR number in Denmark
 * (DK-R-014), the organisation number in Sweden (SE-R-003, SE-R-004, SE-R-013); elsewhere none
 * (the number is stated without a scheme, which EN 16931 allows).
 */
export function registrationScheme(country: string): { scheme: string; normalize: (v: string) => string; check: (v: string) => boolean; name: string } | undefined {
  const digits = (v: string) => v.replace(/\D/g, '');
  if (country === 'NL') return { scheme: '0106', normalize: digits, check: isKvkNumber, name: 'a KvK number of eight digits' };
  if (country === 'BE') return { scheme: '0208', normalize: digits, check: isBelgianEnterpriseNumber, name: 'a Belgian enterprise number of ten digits with a valid check' };
  if (country === 'DK') return { scheme: '0184', normalize: digits, check: isCvrNumber, name: 'a CVR number of eight digits (DK-R-014)' };
  if (country === 'SE') return { scheme: '0007', normalize: digits, check: isSwedishOrganisationNumber, name: 'an organisation number of ten digits with a valid Luhn check digit (SE-R-003, SE-R-004, SE-R-013)' };
  return undefined;
}

/** The text a Swedish seller approved for F-tax states as its tax registration (BT-32, SE-R-005). */
export const SWEDISH_F_TAX = 'Godkänd för F-skatt';

/**
 * Why a seller of `country` may not state `value` as its tax registration (BT-32), or undefined:
 * in Sweden only the F-tax approval (SE-R-005), in Italy the codice fiscale of 11 to 16 letters and
 * digits (IT-R-001).
 */
export function taxRegistrationProblem(country: string, value: string): string | undefined {
  if (country === 'SE' && value.trim().toUpperCase() !== SWEDISH_F_TAX.toUpperCase()) return `A Swedish seller states here only its approval for F-tax, \`${SWEDISH_F_TAX}\` (SE-R-005).`;
  if (country === 'IT' && !/^[A-Z0-9]{11,16}$/.test(value)) return 'An Italian seller states its codice fiscale: 11 to 16 capital letters and digits (IT-R-001).';
  return undefined;
}

/** Standard-rated VAT rates a Swedish seller may state (SE-R-006). */
export const SWEDISH_VAT_RATES: ReadonlySet<number> = new Set([25, 12, 6]);
