/** Schemas of the requirements of a lane: the query and the answer (docs/requirements.md). */
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../../core/schema-types.js';
import { FACT_CODES } from './facts/lane-facts.js';

const strict = { additionalProperties: false } as const;
const Country = (description: string) => Type.String({ minLength: 1, maxLength: 64, description });
const Day = (description: string) => Type.Union([Type.String({ format: 'date' }), Type.Null()], { description });

export const RequirementsQuerySchema = Type.Object(
  {
    from: Country('Country of taking over the goods, ISO 3166-1 alpha-2 (`NL`).'),
    to: Country('Country of delivery, ISO 3166-1 alpha-2. The same as `from`: carriage within one country.'),
    via: Type.Optional(Type.String({ maxLength: 200, description: 'Countries driven through, in order, comma-separated (`BE,FR`); at most 10.' })),
    date: Type.Optional(Type.String({ maxLength: 32, description: 'The day asked about, `YYYY-MM-DD`. Default: today (UTC).' })),
    adr: Type.Optional(Type.Boolean({ description: 'Dangerous goods on board: adds the ADR documents.' })),
    carrier_country: Type.Optional(Country("Country where the carrier is established: adds the cabotage allowance where it differs from the country of delivery.")),
    combined: Type.Optional(Type.Boolean({ description: 'A road leg of combined transport (rail, inland waterway or sea): adds Directive 92/106/EEC.' })),
  },
  strict,
);
export type RequirementsQuery = Static<typeof RequirementsQuerySchema>;

export const RequirementSourceSchema = Type.Object(
  {
    instrument: Type.String({ description: 'The legal text, by its official title.' }),
    article: Type.String({ description: 'The articles or sections the fact rests on.' }),
    url: Type.String({ format: 'uri', description: 'The text at its official publisher (EUR-Lex, the UN treaty collection, UNECE, a government).' }),
  },
  { ...strict, $id: 'RequirementSource' },
);

export const RequirementFactSchema = Type.Object(
  {
    code: StringEnum(FACT_CODES, { description: 'What the fact is about; docs/requirements.md lists them.' }),
    applies: Type.Boolean({ description: 'Whether the fact holds for this lane on the day asked; `message` says why, also when it does not.' }),
    source: Type.Ref(RequirementSourceSchema),
    valid_from: Day('First day the fact is valid, inclusive; null: no start of its own (such as a state that is no party).'),
    valid_to: Day('Last day the fact is valid, inclusive; null: open.'),
    message: Type.String({ description: 'In English, or Dutch after `Accept-Language: nl`.' }),
    params: Type.Record(Type.String(), Type.Unknown(), { description: 'The values the message is built from (`situation`, `country`, `since` …).' }),
  },
  { ...strict, $id: 'RequirementFact' },
);

export const RequirementsSchema = Type.Object(
  {
    lane: Type.Object(
      {
        from: Type.String(),
        to: Type.String(),
        via: Type.Array(Type.String()),
        date: Type.String({ format: 'date' }),
        adr: Type.Boolean(),
        combined: Type.Boolean(),
        carrier_country: Type.Union([Type.String(), Type.Null()]),
        kind: StringEnum(['domestic', 'international'] as const, { description: '`international` when `from` and `to` differ (CMR art. 1(1)).' }),
      },
      { ...strict, description: 'The lane as understood, the default date filled in.' },
    ),
    paper_cmr_required: Type.Union([Type.Boolean(), Type.Null()], {
      description: 'International lane: whether some country on it calls for a paper CMR note on that day (not party to the e-CMR protocol, not covered by the Benelux pilot). Domestic: null, national law decides.',
    }),
    language: StringEnum(['en', 'nl'] as const, { description: 'The language of the messages.' }),
    countries: Type.Array(
      Type.Object(
        { country: Type.String({ description: 'ISO 3166-1 alpha-2.' }), facts: Type.Array(Type.Ref(RequirementFactSchema)) },
        strict,
      ),
      { description: 'Each country of the lane once, in driving order: from, via, to.' },
    ),
  },
  { ...strict, $id: 'Requirements' },
);
