/**
 * Which field of our shipment input fills an eFTI element, so a finding `efti_element_missing`
 * points at what to send. Matched by the longest path prefix; undefined where no field of ours can
 * fill it (the statement codes and the means-of-transport type have no code list we can cite).
 */
const FIELDS: ReadonlyArray<readonly [string, string | undefined]> = [
  ['consignment/carrierAcceptanceDateTime', '$.pickup.window.from'],
  ['consignment/carrierAcceptanceLocation', '$.pickup.address'],
  ['consignment/consigneeReceiptLocation', '$.delivery.address'],
  ['consignment/consignor/confirmedDocumentAuthentication', undefined],
  ['consignment/consignee/confirmedDocumentAuthentication', undefined],
  ['consignment/carrier/confirmedDocumentAuthentication', undefined],
  ['consignment/consignor/postalAddress', '$.consignor.address'],
  ['consignment/consignee/postalAddress', '$.consignee.address'],
  ['consignment/carrier/postalAddress', '$.carrier.address'],
  ['consignment/consignor', '$.consignor'],
  ['consignment/consignee', '$.consignee'],
  ['consignment/carrier/id', '$.carrier.eori'],
  ['consignment/carrier', '$.carrier'],
  ['consignment/natureIdentificationCargo', '$.goods'],
  ['consignment/transportPackage/shippingMarks', '$.goods[*].marks'],
  ['consignment/transportPackage', '$.goods'],
  ['consignment/includedConsignmentItem/transportDangerousGoods/uNDGID', '$.goods[*].adr.un_number'],
  ['consignment/includedConsignmentItem', '$.goods[*].adr'],
  ['consignment/mainCarriageTransportMovement/usedTransportMeans/typeCode', undefined],
  ['consignment/mainCarriageTransportMovement/usedTransportMeans/registrationCountry', '$.vehicle.country'],
  ['consignment/mainCarriageTransportMovement/usedTransportMeans', '$.vehicle.plate'],
  ['consignment/mainCarriageTransportMovement/sequenceNumber', '$.combined_transport.sequence'],
  ['consignment/usedTransportEquipment/carriedTransportEquipment/categoryCode', '$.combined_transport.carried_unit.category'],
  ['consignment/usedTransportEquipment/carriedTransportEquipment', '$.combined_transport.carried_unit.id'],
  ['consignment/usedTransportEquipment/registrationCountry', '$.vehicle.trailer_country'],
  ['consignment/usedTransportEquipment/categoryCode', '$.vehicle.equipment_category'],
  ['consignment/usedTransportEquipment', '$.vehicle.trailer_plate'],
];

export function inputFieldOf(eftiPath: string): string | undefined {
  let best: readonly [string, string | undefined] | undefined;
  for (const entry of FIELDS) {
    const [prefix] = entry;
    if ((eftiPath === prefix || eftiPath.startsWith(`${prefix}/`)) && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best?.[1];
}
