/**
 * The parties to the Additional Protocol to the CMR concerning the Electronic Consignment Note
 * (Geneva, 20 February 2008): the one table of them in this service. The shipment rules
 * (src/modules/shipments/rules/ecmr-ratification.ts) and the requirements of a lane both read it.
 * Reviewed like code: change it only from the depositary's page, and move ECMR_PARTIES_AS_OF.
 *
 * Source: the depositary's status page, United Nations Treaty Collection, chapter XI-B-11-b
 * (ECMR_PARTIES_SOURCE.url), which lists 35 parties up to Italy's accession of 28 June 2024, with
 * the date each deposited its instrument; plus Austria, accession deposited 6 August 2024 and in
 * force 4 November 2024 (its notice, BGBl. III Nr. 140/2024, repeats the same 35 others).
 * Signatories that have not ratified (Belgium) are not parties. Hungary adopted its act of
 * promulgation in July 2024 (Government Decree 197/2024), but its deposit could not be confirmed
 * here, so it is not listed.
 *
 * `in_force` follows article 8: the protocol entered into force on 5 June 2011, the ninetieth day
 * after the fifth instrument (Lithuania's); for a later instrument, on the ninetieth day after its
 * deposit. A test recomputes it from `deposited`.
 *
 * Denmark's accession excludes the Faroe Islands and Greenland, the Netherlands' covers the
 * Kingdom in Europe: the codes FO, GL and the Caribbean parts of the Kingdom are therefore absent.
 */

export interface EcmrParty {
  /** ISO 3166-1 alpha-2. */
  country: string;
  name: string;
  instrument: 'ratification' | 'accession';
  /** Day the instrument was deposited with the Secretary-General of the United Nations. */
  deposited: string;
  /** Day the protocol entered into force for this state (article 8). */
  in_force: string;
}

/** The day the table was last checked against the depositary. */
export const ECMR_PARTIES_AS_OF = '2024-11-04';

/** The protocol's own entry into force (article 8(1)). */
export const ECMR_PROTOCOL_IN_FORCE = '2011-06-05';

export const ECMR_PARTIES_SOURCE = {
  instrument: 'Additional Protocol to the Convention on the Contract for the International Carriage of Goods by Road (CMR) concerning the Electronic Consignment Note, Geneva, 20 February 2008',
  article: 'art. 8 (entry into force); status of parties as deposited',
  url: 'https://treaties.un.org/doc/Publication/MTDSG/Volume%20I/Chapter%20XI/XI-B-11-b.en.xml',
} as const;

export const ECMR_PROTOCOL_PARTIES: readonly EcmrParty[] = [
  { country: 'AT', name: 'Austria', instrument: 'accession', deposited: '2024-08-06', in_force: '2024-11-04' },
  { country: 'AZ', name: 'Azerbaijan', instrument: 'accession', deposited: '2022-12-27', in_force: '2023-03-27' },
  { country: 'BG', name: 'Bulgaria', instrument: 'accession', deposited: '2010-09-15', in_force: '2011-06-05' },
  { country: 'BY', name: 'Belarus', instrument: 'accession', deposited: '2019-02-07', in_force: '2019-05-08' },
  { country: 'CH', name: 'Switzerland', instrument: 'ratification', deposited: '2009-01-26', in_force: '2011-06-05' },
  { country: 'CZ', name: 'Czech Republic', instrument: 'accession', deposited: '2011-04-14', in_force: '2011-07-13' },
  { country: 'DE', name: 'Germany', instrument: 'accession', deposited: '2022-01-05', in_force: '2022-04-05' },
  { country: 'DK', name: 'Denmark', instrument: 'accession', deposited: '2013-06-28', in_force: '2013-09-26' },
  { country: 'EE', name: 'Estonia', instrument: 'accession', deposited: '2016-11-02', in_force: '2017-01-31' },
  { country: 'ES', name: 'Spain', instrument: 'accession', deposited: '2011-05-11', in_force: '2011-08-09' },
  { country: 'FI', name: 'Finland', instrument: 'ratification', deposited: '2019-01-11', in_force: '2019-04-11' },
  { country: 'FR', name: 'France', instrument: 'accession', deposited: '2016-10-05', in_force: '2017-01-03' },
  { country: 'GB', name: 'United Kingdom', instrument: 'accession', deposited: '2019-12-20', in_force: '2020-03-19' },
  { country: 'GR', name: 'Greece', instrument: 'accession', deposited: '2023-10-23', in_force: '2024-01-21' },
  { country: 'IR', name: 'Iran', instrument: 'accession', deposited: '2017-11-08', in_force: '2018-02-06' },
  { country: 'IT', name: 'Italy', instrument: 'accession', deposited: '2024-06-28', in_force: '2024-09-26' },
  { country: 'KG', name: 'Kyrgyzstan', instrument: 'accession', deposited: '2022-08-26', in_force: '2022-11-24' },
  { country: 'LT', name: 'Lithuania', instrument: 'ratification', deposited: '2011-03-07', in_force: '2011-06-05' },
  { country: 'LU', name: 'Luxembourg', instrument: 'accession', deposited: '2017-12-26', in_force: '2018-03-26' },
  { country: 'LV', name: 'Latvia', instrument: 'ratification', deposited: '2010-02-03', in_force: '2011-06-05' },
  { country: 'MD', name: 'Republic of Moldova', instrument: 'accession', deposited: '2018-03-14', in_force: '2018-06-12' },
  { country: 'NL', name: 'Netherlands', instrument: 'ratification', deposited: '2009-01-07', in_force: '2011-06-05' },
  { country: 'NO', name: 'Norway', instrument: 'ratification', deposited: '2020-06-11', in_force: '2020-09-09' },
  { country: 'OM', name: 'Oman', instrument: 'accession', deposited: '2020-09-23', in_force: '2020-12-22' },
  { country: 'PL', name: 'Poland', instrument: 'accession', deposited: '2019-06-13', in_force: '2019-09-11' },
  { country: 'PT', name: 'Portugal', instrument: 'accession', deposited: '2019-09-26', in_force: '2019-12-25' },
  { country: 'RO', name: 'Romania', instrument: 'accession', deposited: '2019-03-14', in_force: '2019-06-12' },
  { country: 'RU', name: 'Russian Federation', instrument: 'accession', deposited: '2018-03-06', in_force: '2018-06-04' },
  { country: 'SE', name: 'Sweden', instrument: 'ratification', deposited: '2020-03-09', in_force: '2020-06-07' },
  { country: 'SI', name: 'Slovenia', instrument: 'accession', deposited: '2017-08-15', in_force: '2017-11-13' },
  { country: 'SK', name: 'Slovakia', instrument: 'accession', deposited: '2014-02-21', in_force: '2014-05-22' },
  { country: 'TJ', name: 'Tajikistan', instrument: 'accession', deposited: '2019-07-09', in_force: '2019-10-07' },
  { country: 'TM', name: 'Turkmenistan', instrument: 'accession', deposited: '2022-12-21', in_force: '2023-03-21' },
  { country: 'TR', name: 'Türkiye', instrument: 'accession', deposited: '2018-01-31', in_force: '2018-05-01' },
  { country: 'UA', name: 'Ukraine', instrument: 'accession', deposited: '2020-07-10', in_force: '2020-10-08' },
  { country: 'UZ', name: 'Uzbekistan', instrument: 'accession', deposited: '2020-10-16', in_force: '2021-01-14' },
];
