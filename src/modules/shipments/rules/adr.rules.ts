/**
 * Dangerous goods particulars of the transport document (ADR 5.4.1.1.1), checked per goods line
 * that has an `adr` object. Letters: (a) UN number, (b) proper shipping name, (c) label numbers or
 * class, (d) packing group where assigned, (k) tunnel restriction code. Goods carried as limited
 * quantities (ADR 3.4; 3.4.1 exempts them from chapter 5.4) need none of these, so a line with
 * `limited_quantity: true` is skipped. Only absence is checked here; a wrong type is the schema's.
 */
import { defineRule, type Rule, type RuleHit } from './rule.js';
import { goodsLines, isAbsent, isObject, stringAt, type JsonObject } from './draft-reader.js';
import { packingGroupRule } from './adr-classes.js';

interface DangerousLine {
  index: number;
  adr: JsonObject;
}

/** Goods lines declaring dangerous goods that need transport-document particulars. */
function dangerousLines(draft: unknown): DangerousLine[] {
  return goodsLines(draft).flatMap(({ index, line }) =>
    isObject(line.adr) && line.adr.limited_quantity !== true ? [{ index, adr: line.adr }] : [],
  );
}

function perLine(key: string, fires: (adr: JsonObject) => Record<string, unknown> | undefined): (draft: unknown) => RuleHit[] {
  return (draft) =>
    dangerousLines(draft).flatMap(({ index, adr }) => {
      const params = fires(adr);
      return params ? [{ path: `$.goods[${index}].adr.${key}`, params: { line: index + 1, ...params } }] : [];
    });
}

const whenAbsent = (key: string) => perLine(key, (adr) => (isAbsent(adr[key]) ? {} : undefined));

function packingGroupCheck(adr: JsonObject): ReturnType<typeof packingGroupRule> | undefined {
  const adrClass = stringAt(adr, 'class');
  return adrClass === undefined ? undefined : packingGroupRule(adrClass, stringAt(adr, 'un_number'));
}

const line = (p: Record<string, unknown>) => String(p.line);

export const ADR_RULES: readonly Rule[] = [
  defineRule({
    code: 'adr_un_number_missing',
    rule: 'adr.5.4.1.1.1.a',
    source: 'ADR 5.4.1.1.1(a)',
    severity: 'error',
    messages: {
      en: (p) => `Goods line ${line(p)} declares dangerous goods without a UN number; ADR 5.4.1.1.1(a) requires it on the transport document.`,
      nl: (p) => `Goederenregel ${line(p)} vermeldt gevaarlijke goederen zonder UN-nummer; ADR 5.4.1.1.1 onder a vereist dit in het vervoersdocument.`,
      de: (p) => `Warenposition ${line(p)} meldet Gefahrgut ohne UN-Nummer; ADR 5.4.1.1.1 a) verlangt sie im Beförderungspapier.`,
      fr: (p) => `La ligne de marchandises ${line(p)} déclare des marchandises dangereuses sans numéro ONU ; l'ADR 5.4.1.1.1 a) l'exige dans le document de transport.`,
    },
    example: { line: 2 },
    check: whenAbsent('un_number'),
  }),
  defineRule({
    code: 'adr_proper_shipping_name_missing',
    rule: 'adr.5.4.1.1.1.b',
    source: 'ADR 5.4.1.1.1(b)',
    severity: 'error',
    messages: {
      en: (p) => `Goods line ${line(p)} declares dangerous goods without a proper shipping name; ADR 5.4.1.1.1(b) requires it on the transport document.`,
      nl: (p) => `Goederenregel ${line(p)} vermeldt gevaarlijke goederen zonder officiële vervoersnaam; ADR 5.4.1.1.1 onder b vereist deze in het vervoersdocument.`,
      de: (p) => `Warenposition ${line(p)} meldet Gefahrgut ohne offizielle Benennung für die Beförderung; ADR 5.4.1.1.1 b) verlangt sie im Beförderungspapier.`,
      fr: (p) => `La ligne de marchandises ${line(p)} déclare des marchandises dangereuses sans désignation officielle de transport ; l'ADR 5.4.1.1.1 b) l'exige dans le document de transport.`,
    },
    example: { line: 2 },
    check: whenAbsent('proper_shipping_name'),
  }),
  defineRule({
    code: 'adr_class_missing',
    rule: 'adr.5.4.1.1.1.c',
    source: 'ADR 5.4.1.1.1(c)',
    severity: 'error',
    messages: {
      en: (p) => `Goods line ${line(p)} declares dangerous goods without a class; ADR 5.4.1.1.1(c) requires the label numbers or the class on the transport document.`,
      nl: (p) => `Goederenregel ${line(p)} vermeldt gevaarlijke goederen zonder klasse; ADR 5.4.1.1.1 onder c vereist de etiketnummers of de klasse in het vervoersdocument.`,
      de: (p) => `Warenposition ${line(p)} meldet Gefahrgut ohne Klasse; ADR 5.4.1.1.1 c) verlangt die Gefahrzettelmuster-Nummern oder die Klasse im Beförderungspapier.`,
      fr: (p) => `La ligne de marchandises ${line(p)} déclare des marchandises dangereuses sans classe ; l'ADR 5.4.1.1.1 c) exige les numéros de modèles d'étiquettes ou la classe dans le document de transport.`,
    },
    example: { line: 2 },
    check: whenAbsent('class'),
  }),
  defineRule({
    code: 'adr_packing_group_missing',
    rule: 'adr.5.4.1.1.1.d',
    source: 'ADR 5.4.1.1.1(d), 2.1.1.3',
    severity: 'error',
    messages: {
      en: (p) => `Goods line ${line(p)} has no packing group, which class ${String(p.class)} assigns; ADR 5.4.1.1.1(d) requires it on the transport document.`,
      nl: (p) => `Goederenregel ${line(p)} heeft geen verpakkingsgroep, terwijl klasse ${String(p.class)} die toekent; ADR 5.4.1.1.1 onder d vereist deze in het vervoersdocument.`,
      de: (p) => `Warenposition ${line(p)} hat keine Verpackungsgruppe, obwohl Klasse ${String(p.class)} eine zuordnet; ADR 5.4.1.1.1 d) verlangt sie im Beförderungspapier.`,
      fr: (p) => `La ligne de marchandises ${line(p)} n'a pas de groupe d'emballage, alors que la classe ${String(p.class)} en attribue un ; l'ADR 5.4.1.1.1 d) l'exige dans le document de transport.`,
    },
    example: { line: 2, class: '3' },
    check: perLine('packing_group', (adr) =>
      isAbsent(adr.packing_group) && packingGroupCheck(adr) === 'required' ? { class: stringAt(adr, 'class') } : undefined,
    ),
  }),
  defineRule({
    code: 'adr_packing_group_not_applicable',
    rule: 'adr.2.1.1.3',
    source: 'ADR 2.1.1.3',
    severity: 'warning',
    messages: {
      en: (p) =>
        `Goods line ${line(p)} gives packing group ${String(p.packing_group)}, but class ${String(p.class)} has no packing groups (ADR 2.1.1.3); check the class.`,
      nl: (p) =>
        `Goederenregel ${line(p)} vermeldt verpakkingsgroep ${String(p.packing_group)}, maar klasse ${String(p.class)} kent geen verpakkingsgroepen (ADR 2.1.1.3); controleer de klasse.`,
      de: (p) =>
        `Warenposition ${line(p)} nennt Verpackungsgruppe ${String(p.packing_group)}, aber Klasse ${String(p.class)} kennt keine Verpackungsgruppen (ADR 2.1.1.3); prüfen Sie die Klasse.`,
      fr: (p) =>
        `La ligne de marchandises ${line(p)} indique le groupe d'emballage ${String(p.packing_group)}, mais la classe ${String(p.class)} n'a pas de groupes d'emballage (ADR 2.1.1.3) ; vérifiez la classe.`,
    },
    example: { line: 2, class: '2.1', packing_group: 'II' },
    check: perLine('packing_group', (adr) =>
      !isAbsent(adr.packing_group) && packingGroupCheck(adr) === 'not_applicable'
        ? { class: stringAt(adr, 'class'), packing_group: adr.packing_group }
        : undefined,
    ),
  }),
  defineRule({
    code: 'adr_tunnel_code_missing',
    rule: 'adr.5.4.1.1.1.k',
    source: 'ADR 5.4.1.1.1(k), 8.6',
    severity: 'warning',
    messages: {
      en: (p) =>
        `Goods line ${line(p)} declares dangerous goods without a tunnel restriction code; ADR 5.4.1.1.1(k) requires it unless the route is known to avoid restricted road tunnels (ADR 8.6).`,
      nl: (p) =>
        `Goederenregel ${line(p)} vermeldt gevaarlijke goederen zonder tunnelbeperkingscode; ADR 5.4.1.1.1 onder k vereist deze, tenzij vaststaat dat de route geen tunnels met beperkingen passeert (ADR 8.6).`,
      de: (p) =>
        `Warenposition ${line(p)} meldet Gefahrgut ohne Tunnelbeschränkungscode; ADR 5.4.1.1.1 k) verlangt ihn, es sei denn, es steht fest, dass die Route keine Straßentunnel mit Beschränkungen durchfährt (ADR 8.6).`,
      fr: (p) =>
        `La ligne de marchandises ${line(p)} déclare des marchandises dangereuses sans code de restriction en tunnels ; l'ADR 5.4.1.1.1 k) l'exige, sauf s'il est établi que l'itinéraire évite les tunnels routiers soumis à restrictions (ADR 8.6).`,
    },
    example: { line: 2 },
    check: whenAbsent('tunnel_code'),
  }),
];
