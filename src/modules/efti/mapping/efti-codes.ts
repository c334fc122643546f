/**
 * The codes the mapping writes, each from a list it can cite. None is made up: where no cited list
 * gives a code (the statement codes of confirmedDocumentAuthentication eFTI65/84/115, the type of
 * means of transport eFTI617, UNECE Rec. 28, which the XSD names but does not hold), the element is
 * left out and, where a subset makes it mandatory, reported as omitted.
 */
import type { PACKAGE_TYPES } from '../../shipments/shipment-input.schema.js';

/**
 * Our package types as UNECE Recommendation 21 (Codes for types of cargo, packages and packaging
 * materials) codes, for transportPackage/typeCode (eFTI688, an..3): PX pallet, BX box, CT carton,
 * CR crate, BG bag, DR drum, RO roll, BE bundle, CN container (not otherwise specified), NE
 * unpacked or unpackaged, ZZ mutually defined.
 */
export const REC21_PACKAGE_CODES: Record<(typeof PACKAGE_TYPES)[number], string> = {
  pallet: 'PX',
  box: 'BX',
  carton: 'CT',
  crate: 'CR',
  bag: 'BG',
  drum: 'DR',
  roll: 'RO',
  bundle: 'BE',
  container: 'CN',
  loose: 'NE',
  other: 'ZZ',
};

/** UNECE Recommendation 19 (XSD codes/UNECE_TransportModeCode_2.xsd), mainCarriageTransportMovement/modeCode (eFTI581): 3 = road transport. */
export const ROAD_TRANSPORT_MODE = '3';

/** UN/EDIFACT 1001 (Document name code) 730 = road consignment note, transportContractDocument/typeCode (eFTI169). */
export const ROAD_CONSIGNMENT_NOTE = '730';
