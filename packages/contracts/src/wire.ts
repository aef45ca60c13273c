/**
 * Money and Percent on the wire (docs/API.md): `{ type: 'Money' | 'Percent', value }`,
 * value in micro-units as a decimal string in responses; requests accept a string or a
 * safe integer. Inside the server they are plain bigints.
 */
import { z } from 'zod';
import { INT64_MAX, INT64_MIN, MESSAGES, PERCENT_100, percentRangeMessage } from '@pos/domain';
import { own, requiredMessage } from './messages';

own(MESSAGES.moneyOverflow);

const microValue = z.union([z.string().trim().regex(/^[-+]?\d+$/, 'must be a whole number of micro-units'), z.number().int().refine(Number.isSafeInteger, 'must be a safe integer'), z.bigint()]);

/**
 * The JSON Schema of each wire value, given as zod metadata (z.toJSONSchema cannot see
 * through a transform, nor show a bigint): what the REST door's OpenAPI document shows.
 */
const WIRE_UNITS = {
  Money: 'micro-units: millionths of a currency unit ("12345000" is 12.345)',
  Percent: 'micro-units: millionths of one percent ("7250000" is 7.25%)',
} as const;

const WIRE_EXAMPLES = { Money: '12345000', Percent: '7250000' } as const;

function wireJsonSchema(type: 'Money' | 'Percent', io: 'input' | 'output') {
  const examples = [WIRE_EXAMPLES[type]];
  const value =
    io === 'input'
      ? { anyOf: [{ type: 'string', pattern: '^\\s*[-+]?\\d+\\s*$' }, { type: 'integer' }], description: 'a decimal string or a whole number', examples }
      : { type: 'string', pattern: '^-?\\d+$', examples };
  return {
    description: `${type}: value in ${WIRE_UNITS[type]}`,
    type: 'object',
    properties: { type: { type: 'string', const: type }, value },
    required: ['type', 'value'],
    ...(io === 'output' ? { additionalProperties: false } : {}),
  };
}

function wireObject<T extends 'Money' | 'Percent'>(type: T) {
  return z
    .object({ type: z.literal(type), value: microValue })
    .transform((v) => BigInt(v.value))
    .meta(wireJsonSchema(type, 'input'));
}

/** A Money input: any int64 micro-units. */
export const zMoney = wireObject('Money').refine((v) => v >= INT64_MIN && v <= INT64_MAX, { message: MESSAGES.moneyOverflow });

/**
 * A Percent input within [min, max] percent micro-units (default 0% to 100%); with a
 * label the range message names the field ('Vendor Fee: Percentage must be ...').
 */
export function zPercent(label?: string, min = 0n, max = PERCENT_100) {
  const range = percentRangeMessage(min, max);
  return wireObject('Percent').refine((v) => v >= min && v <= max, { message: own(label ? `${label}: ${range}` : range) });
}

export const zMoneyOut = z
  .bigint()
  .transform((v) => ({ type: 'Money' as const, value: v.toString() }))
  .meta(wireJsonSchema('Money', 'output'));
export const zPercentOut = z
  .bigint()
  .transform((v) => ({ type: 'Percent' as const, value: v.toString() }))
  .meta(wireJsonSchema('Percent', 'output'));

export type MoneyWire = z.output<typeof zMoneyOut>;
export type PercentWire = z.output<typeof zPercentOut>;

/**
 * Values already in their wire form (the order lookup's stubs, written by the database;
 * the trial balance's money, written from the database's text): checked as zMoneyOut,
 * zIdOut and zDateOut would have written them, not converted. Documented as zMoneyOut.
 */
export const zMoneyWireOut = z.object({ type: z.literal('Money'), value: z.string().regex(/^-?\d+$/) }).meta(wireJsonSchema('Money', 'output'));
export const zIdWireOut = z.number().int().positive();
export const zDateWireOut = z.iso.datetime();

/** The client's side of the codec: wire object to bigint micro-units. */
export function fromWire(v: { value: string | number | bigint }): bigint {
  return BigInt(v.value);
}
export function toMoneyWire(v: bigint): MoneyWire {
  return { type: 'Money', value: v.toString() };
}
export function toPercentWire(v: bigint): PercentWire {
  return { type: 'Percent', value: v.toString() };
}

/** Ids are positive integers; the database hands them out as bigint. */
const ID_MESSAGE = 'must be a positive integer';
export const zId = z
  .union([z.number(), z.string().trim().regex(/^\d{1,16}$/, ID_MESSAGE).transform(Number)], { error: ID_MESSAGE })
  .pipe(z.number().int(ID_MESSAGE).positive(ID_MESSAGE).max(Number.MAX_SAFE_INTEGER, ID_MESSAGE))
  .meta({ anyOf: [{ type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER }, { type: 'string', pattern: '^\\s*\\d{1,16}\\s*$' }] });
/** Ids and counts in answers: whole numbers. */
export const zIdOut = z
  .union([z.bigint(), z.number()])
  .transform((v) => Number(v))
  .meta({ type: 'integer' });
export const zDateOut = z
  .date()
  .transform((d) => d.toISOString())
  .meta({ type: 'string', format: 'date-time' });

/**
 * Every text input: a string without the NUL character, which no PostgreSQL text can
 * hold. With a label, a wrong type reads `{label} is required` and the NUL message
 * names the field; without one, the API prefixes the message with the field's path.
 */
export function zString(label?: string, typeMessage = label ? requiredMessage(label) : undefined) {
  const nul = label ? own(`${label} must not contain the NUL character`) : 'must not contain the NUL character';
  return z.string(typeMessage ? { error: typeMessage } : undefined).refine((v) => !v.includes('\u0000'), nul);
}

/** A required, trimmed text field with a message naming it. */
export function zText(label: string, max = 200) {
  return zString(label)
    .trim()
    .min(1, requiredMessage(label))
    .max(max, own(`${label} must be at most ${max} characters`));
}

/** An optional, trimmed text field of at most `max` characters; absent means ''. */
export function zOptionalText(label: string, max: number) {
  return zString(label, own(`${label} must be text`))
    .trim()
    .max(max, own(`${label} must be at most ${max} characters`));
}

/** The years a date input may fall in (the database's date range holds them all). */
export const DATE_YEAR_MIN = 1900;
export const DATE_YEAR_MAX = 9999;

/**
 * Every date input: an ISO 8601 date-time with an offset (or, with `dateOnly`, also a
 * bare date), within the years DATE_YEAR_MIN..DATE_YEAR_MAX in UTC, as a Date.
 */
export function zDateInput(label: string, options: { dateOnly?: boolean } = {}) {
  const format = own(options.dateOnly ? `${label} must be an ISO date or date-time with offset` : `${label} must be an ISO date-time with offset`);
  const iso = z.iso.datetime({ offset: true, error: format });
  const text = options.dateOnly ? z.union([iso, z.iso.date({ error: format })], { error: format }) : iso;
  return text
    .transform((v) => new Date(v))
    .refine((d) => !Number.isNaN(d.getTime()) && d.getUTCFullYear() >= DATE_YEAR_MIN && d.getUTCFullYear() <= DATE_YEAR_MAX, {
      message: own(`${label} must be between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`),
    });
}

/** Page numbers are 1-based; page sizes bounded. */
export function zPageSize(maxPageSize: number, defaultPageSize: number) {
  return z.coerce
    .number()
    .int()
    .min(1, own('pageSize must be at least 1'))
    .max(maxPageSize, own(`pageSize must be at most ${maxPageSize}`))
    .default(defaultPageSize);
}

export function zPaging(maxPageSize = 100, defaultPageSize = 20) {
  return {
    page: z.coerce.number().int().min(1, own('page must be at least 1')).default(1),
    pageSize: zPageSize(maxPageSize, defaultPageSize),
  };
}

export const zSuccessOutput = z.object({ success: z.boolean(), message: z.string() });
