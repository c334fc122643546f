/**
 * States party to the Additional Protocol to the CMR concerning the Electronic Consignment Note
 * (Geneva, 20 February 2008), as ISO 3166-1 alpha-2 codes. Where a place of an international
 * carriage lies outside them, the electronic note has no standing there under the protocol and a
 * paper CMR consignment note must still accompany the goods.
 *
 * Source: the depositary's status page, United Nations Treaty Collection, chapter XI-B-11-b
 * (treaties.un.org, MTDSG volume I, chapter XI.B.11.b; also published by UNECE), which listed 35
 * parties up to Italy's accession of 28 June 2024; plus Austria, accession deposited 6 August 2024
 * and in force 4 November 2024, whose notice (BGBl. III Nr. 140/2024) repeats the same 35 others.
 * Signatories that have not ratified (Belgium) are not parties. Hungary adopted its act of
 * promulgation in July 2024 (Government Decree 197/2024), but its deposit could not be confirmed
 * here, so it is not listed. Check the UNTC page when updating, and move the date.
 *
 * Denmark's accession excludes the Faroe Islands and Greenland, the Netherlands' covers the
 * Kingdom in Europe: the codes FO, GL and the Caribbean parts of the Kingdom are therefore absent.
 */
export const ECMR_RATIFICATION_AS_OF = '2024-11-04';

/** With the year each deposited its ratification or accession. */
export const ECMR_PARTIES: ReadonlySet<string> = new Set([
  'AT', // Austria, 2024
  'AZ', // Azerbaijan, 2022
  'BG', // Bulgaria, 2010
  'BY', // Belarus, 2019
  'CH', // Switzerland, 2009
  'CZ', // Czech Republic, 2011
  'DE', // Germany, 2022
  'DK', // Denmark, 2013
  'EE', // Estonia, 2016
  'ES', // Spain, 2011
  'FI', // Finland, 2019
  'FR', // France, 2016
  'GB', // United Kingdom, 2019
  'GR', // Greece, 2023
  'IR', // Iran, 2017
  'IT', // Italy, 2024
  'KG', // Kyrgyzstan, 2022
  'LT', // Lithuania, 2011
  'LU', // Luxembourg, 2017
  'LV', // Latvia, 2010
  'MD', // Republic of Moldova, 2018
  'NL', // Netherlands, 2009
  'NO', // Norway, 2020
  'OM', // Oman, 2020
  'PL', // Poland, 2019
  'PT', // Portugal, 2019
  'RO', // Romania, 2019
  'RU', // Russian Federation, 2018
  'SE', // Sweden, 2020
  'SI', // Slovenia, 2017
  'SK', // Slovakia, 2014
  'TJ', // Tajikistan, 2019
  'TM', // Turkmenistan, 2022
  'TR', // Türkiye, 2018
  'UA', // Ukraine, 2020
  'UZ', // Uzbekistan, 2020
]);

export function isEcmrParty(country: string): boolean {
  return ECMR_PARTIES.has(country);
}
