/**
 * Vehicle and combined transport → the main carriage (eFTI581 mode 3 road, 1022 the leg's
 * sequence number, 618/620 the motor vehicle's plate and country, 1451 the dangerous goods
 * indicator) and the used transport equipment (374 trailer plate, 378 its D23A category, 578 its
 * country of registration, 448/450 the unit it carries in combined transport, 987/1000 their
 * sequence numbers).
 *
 * The trailer's country comes only from `vehicle.trailer_country` (an extension of our input):
 * a trailer is often registered elsewhere than its tractor, so the truck's country is never copied.
 */
import type { EftiNode } from '../efti-node.js';
import { objectAt, stringAt } from '../../shipments/rules/draft-reader.js';
import { compact } from './compact-node.js';
import { ROAD_TRANSPORT_MODE } from './efti-codes.js';
import { code, decimal, text } from './efti-values.js';

const MOVEMENT = 'consignment/mainCarriageTransportMovement';
const EQUIPMENT = 'consignment/usedTransportEquipment';

function country(path: string, value: string | undefined): EftiNode | undefined {
  const written = code(path, value);
  return written ? { code: written } : undefined;
}

/**
 * Our input has one trailer and one carried unit, so each is number 1 (eFTI987, 1000; identifier
 * subset): how the EFTI4EU identifier examples number the equipment of a leg.
 */
const numbered = (node: EftiNode | undefined): EftiNode | undefined => (node ? { ...node, sequenceNumber: '1' } : undefined);

export function transportNodes(draft: unknown, carriesDangerousGoods: boolean): EftiNode {
  const vehicle = objectAt(draft, 'vehicle');
  const combined = objectAt(draft, 'combined_transport');
  const sequence = decimal(`${MOVEMENT}/sequenceNumber`, combined?.sequence);
  const means = compact({
    id: text(`${MOVEMENT}/usedTransportMeans/id`, stringAt(vehicle, 'plate')),
    registrationCountry: country(`${MOVEMENT}/usedTransportMeans/registrationCountry/code`, stringAt(vehicle, 'country')),
  });
  const movement = compact({
    dangerousGoodsIndicator: carriesDangerousGoods ? 'true' : 'false',
    modeCode: ROAD_TRANSPORT_MODE,
    sequenceNumber: sequence ? [sequence] : undefined,
    usedTransportMeans: means,
  });
  const unit = objectAt(combined, 'carried_unit');
  const unitCategory = code(`${EQUIPMENT}/carriedTransportEquipment/categoryCode`, stringAt(unit, 'category'));
  const carried = numbered(
    compact({
      categoryCode: unitCategory ? [unitCategory] : undefined,
      id: text(`${EQUIPMENT}/carriedTransportEquipment/id`, stringAt(unit, 'id')),
    }),
  );
  const equipment = numbered(
    compact({
      carriedTransportEquipment: carried ? [carried] : undefined,
      categoryCode: code(`${EQUIPMENT}/categoryCode`, stringAt(vehicle, 'equipment_category')),
      id: text(`${EQUIPMENT}/id`, stringAt(vehicle, 'trailer_plate')),
      registrationCountry: country(`${EQUIPMENT}/registrationCountry/code`, stringAt(vehicle, 'trailer_country')),
    }),
  );
  return compact({ mainCarriageTransportMovement: movement ? [movement] : undefined, usedTransportEquipment: equipment ? [equipment] : undefined }) ?? {};
}
