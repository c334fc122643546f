/**
 * Goods lines → nature of the cargo (eFTI699, one description per line), one transport package per
 * line (685 quantity, 688 UNECE Rec. 21 code, 691 marks split at 70), the consignment totals (47
 * packages, 41 gross weight in KGM, 45 gross volume in MTQ: UNECE Rec. 20, the units the XSD
 * allows) and, per line with `adr`, an included consignment item with its dangerous goods (232 UN
 * number, 251 proper shipping name, 242 class, 236 packing group, 255 tunnel code).
 *
 * A total is given only when every line has its figure: a sum over some lines would understate
 * the load. The commodity code (`hs_code`) is not projected: eFTI701 is a 3-character code.
 */
import type { EftiNode } from '../efti-node.js';
import { goodsLines, isObject, stringAt, type JsonObject } from '../../shipments/rules/draft-reader.js';
import { PACKAGE_TYPES } from '../../shipments/shipment-input.schema.js';
import { compact } from './compact-node.js';
import { REC21_PACKAGE_CODES } from './efti-codes.js';
import { decimal, measure, text, texts } from './efti-values.js';

const C = 'consignment';
const isPackageType = (value: unknown): value is (typeof PACKAGE_TYPES)[number] => PACKAGE_TYPES.includes(value as (typeof PACKAGE_TYPES)[number]);

function transportPackage(line: JsonObject): EftiNode | undefined {
  const marks = texts(`${C}/transportPackage/shippingMarks/markingText`, line.marks);
  return compact({
    itemQuantity: decimal(`${C}/transportPackage/itemQuantity`, line.quantity),
    shippingMarks: marks ? [{ markingText: marks }] : undefined,
    typeCode: isPackageType(line.package_type) ? [REC21_PACKAGE_CODES[line.package_type]] : undefined,
  });
}

/** ADR prints the tunnel code in brackets (ADR 5.4.1.1.1(k)); the code itself is what is inside. */
const tunnelCode = (value: string | undefined) => value?.replace(/^\((.*)\)$/, '$1');

function dangerousGoods(adr: JsonObject): EftiNode | undefined {
  const at = (name: string) => `${C}/includedConsignmentItem/transportDangerousGoods/${name}`;
  return compact({
    hazardClassificationID: text(at('hazardClassificationID'), stringAt(adr, 'class')),
    packagingDangerLevelCode: text(at('packagingDangerLevelCode'), stringAt(adr, 'packing_group')),
    properShippingName: texts(at('properShippingName'), stringAt(adr, 'proper_shipping_name')),
    tunnelRestrictionCode: text(at('tunnelRestrictionCode'), tunnelCode(stringAt(adr, 'tunnel_code'))),
    uNDGID: text(at('uNDGID'), stringAt(adr, 'un_number')),
  });
}

/** The sum of one figure over all lines, or undefined when a line lacks it. */
function total(lines: JsonObject[], key: string): number | undefined {
  const figures = lines.map((line) => line[key]);
  return lines.length > 0 && figures.every((f) => typeof f === 'number' && Number.isFinite(f)) ? (figures as number[]).reduce((a, b) => a + b, 0) : undefined;
}

export function goodsNodes(draft: unknown): EftiNode {
  const lines = goodsLines(draft).map(({ line }) => line);
  const descriptions = lines.flatMap((line) => texts(`${C}/natureIdentificationCargo/identificationText`, line.description) ?? []);
  const items = lines.flatMap((line) => {
    const goods = isObject(line.adr) ? dangerousGoods(line.adr) : undefined;
    return goods ? [{ transportDangerousGoods: [goods] }] : [];
  });
  const weight = measure(`${C}/grossWeight`, total(lines, 'gross_weight_kg'), 'KGM');
  const volume = measure(`${C}/grossVolume`, total(lines, 'volume_m3'), 'MTQ');
  return (
    compact({
      grossVolume: volume ? [volume] : undefined,
      grossWeight: weight ? [weight] : undefined,
      includedConsignmentItem: items,
      natureIdentificationCargo: descriptions.length > 0 ? { identificationText: descriptions } : undefined,
      numberOfPackages: decimal(`${C}/numberOfPackages`, total(lines, 'quantity')),
      transportPackage: lines.map(transportPackage).filter((node): node is EftiNode => node !== undefined),
    }) ?? {}
  );
}

/** Any goods line declares dangerous goods (limited quantities too: they are dangerous goods still). */
export const carriesDangerousGoods = (draft: unknown) => goodsLines(draft).some(({ line }) => isObject(line.adr));
