/**
 * The legal texts the facts of a lane rest on, each with the article and an official address.
 * Reviewed like code: a fact names one of these, and a test checks that every fact has one and
 * that it is the instrument its code is about.
 */
import { ECMR_PARTIES_SOURCE } from './ecmr-parties.js';

export interface FactSource {
  /** The legal text by its official title. */
  instrument: string;
  /** The articles or sections the fact rests on. */
  article: string;
  /** The text at its publisher: EUR-Lex, the UN treaty collection, UNECE, a government. */
  url: string;
}

export const SOURCES = {
  ecmrProtocol: ECMR_PARTIES_SOURCE,
  ecmrPaperNote: {
    instrument: ECMR_PARTIES_SOURCE.instrument,
    article: 'art. 2 (an electronic consignment note made under the protocol is equivalent to the note of CMR art. 5); effective only where the protocol is in force',
    url: ECMR_PARTIES_SOURCE.url,
  },
  cmrScope: {
    instrument: 'Convention on the Contract for the International Carriage of Goods by Road (CMR), Geneva, 19 May 1956',
    article: 'art. 1(1) (taking over and delivery in two different countries, at least one of them a contracting country)',
    url: 'https://treaties.un.org/doc/Publication/MTDSG/Volume%20I/Chapter%20XI/XI-B-11.en.xml',
  },
  beneluxPilot: {
    instrument: 'Decision of the Benelux Committee of Ministers on a pilot with digital consignment notes (e-CMR) in intra-Benelux road haulage (Benelux-Publicatieblad 2017/2), extended in December 2020 and on 22 July 2025',
    article: 'scope: carriage between Belgium, the Netherlands and Luxembourg and national carriage there, cabotage included; e-CMRs of accredited providers usable from 1 March 2018; extended until 9 July 2027',
    url: 'https://mobilit.belgium.be/nl/wegverkeer/vervoer_van_goederen_en_reizigers/goederenvervoer_derden/toegang_markt/elektronische',
  },
  cabotage: {
    instrument: 'Regulation (EC) No 1072/2009 on common rules for access to the international road haulage market, as amended by Regulation (EU) 2020/1055',
    article: 'art. 8(2) (at most three cabotage operations, the last unloading within seven days of the incoming international carriage) and art. 8(2a) (four days without cabotage in the same member state with the same vehicle); art. 8(3) (evidence)',
    url: 'https://eur-lex.europa.eu/eli/reg/2009/1072/oj',
  },
  adr: {
    instrument: 'Agreement concerning the International Carriage of Dangerous Goods by Road (ADR), Annex A and B, 2025 edition; in the EU applied to national carriage too by Directive 2008/68/EC, Annex I, section I.1',
    article: 'ADR 8.1.2.1 and 8.1.2.2 (documents on the transport unit): 5.4.1 (transport document), 5.4.3 (instructions in writing), 1.10.1.4 (photo identity document), 8.2.2.8 (driver training certificate), 9.1.3 (certificate of approval)',
    url: 'https://unece.org/about-adr',
  },
  combinedTransport: {
    instrument: 'Council Directive 92/106/EEC on the establishment of common rules for certain types of combined transport of goods between Member States',
    article: 'art. 1 (road legs to the nearest suitable rail station, or within 150 km of the port; non-road leg over 100 km), art. 3 (transport document), art. 4 (as amended by Regulation (EU) 2020/1055: a member state may apply the cabotage limits to such road legs)',
    url: 'https://eur-lex.europa.eu/eli/dir/1992/106/oj',
  },
  efti: {
    instrument: 'Regulation (EU) 2020/1056 on electronic freight transport information (eFTI)',
    article: 'art. 5 (competent authorities accept regulatory information made available on a certified eFTI platform), applicable from 9 July 2027 under art. 18 and the implementing acts',
    url: 'https://eur-lex.europa.eu/eli/reg/2020/1056/oj',
  },
} as const satisfies Record<string, FactSource>;
