/**
 * Money and Percent on the wire (CONTRACT 4): `{ type: 'Money' | 'Percent', value }`,
 * value in micro-units as a decimal string in responses; requests accept a string or a
 * safe integer. Inside the server they are plain bigints.
 */
import { z } from 'zod';
import { INT64_MAX, INT64_MIN, MESSAGES, PERCENT_100, percentRangeMessage } from '@pos/domain';
import { own, requiredMessage } from './messages';

own(MESSAGES.moneyOverflow);

const microValue = z.union([z.string().trim().regex(/^[-+]?\d+$/, 'must be a whole number of micro-units'), z.number().int().refine(Number.isSafeInteger, 'must be a safe integer'), z.bigint()]);

function wireObject<T extends 'Money' | 'Percent'>(type: T) {
  return z.object({ type: z.literal(type), value: microValue }).transform((v) => BigInt(v.value));
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

export const zMoneyOut = z.bigint().transform((v) => ({ type: 'Money' as const, value: v.toString() }));
export const zPercentOut = z.bigint().transform((v) => ({ type: 'Percent' as const, value: v.toString() }));

export type MoneyWire = z.output<typeof zMoneyOut>;
export type PercentWire = z.output<typeof zPercentOut>;

/**
 * Values the database already wrote in their wire form (the order lookup's stubs):
 * checked as zMoneyOut, zIdOut and zDateOut would have written them, not converted.
 */
export const zMoneyWireOut = z.object({ type: z.literal('Money'), value: z.string().regex(/^-?\d+$/) });
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
  .pipe(z.number().int(ID_MESSAGE).positive(ID_MESSAGE).max(Number.MAX_SAFE_INTEGER, ID_MESSAGE));
export const zIdOut = z.union([z.bigint(), z.number()]).transform((v) => Number(v));
export const zDateOut = z.date().transform((d) => d.toISOString());

/** A required, trimmed text field with a message naming it. */
export function zText(label: string, max = 200) {
  return z
    .string({ error: requiredMessage(label) })
    .trim()
    .min(1, requiredMessage(label))
    .max(max, own(`${label} must be at most ${max} characters`));
}

/** Page numbers are 1-based; page sizes bounded. */
export function zPaging(maxPageSize = 100, defaultPageSize = 20) {
  return {
    page: z.coerce.number().int().min(1, own('page must be at least 1')).default(1),
    pageSize: z.coerce
      .number()
      .int()
      .min(1, own('pageSize must be at least 1'))
      .max(maxPageSize, own(`pageSize must be at most ${maxPageSize}`))
      .default(defaultPageSize),
  };
}

export const zSuccessOutput = z.object({ success: z.boolean(), message: z.string() });
