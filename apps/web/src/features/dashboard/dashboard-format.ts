/**
 * How a dashboard counter reads: money to the cent with the domain's
 * formatMoney, percents rounded to hundredths of a percent (from the bigint, half-to-even
 * like every rounding in the product), counts as grouped whole numbers.
 */
import { divRoundHalfEven, formatMoney, formatPercent } from '@pos/domain';
import { fromWire } from '@pos/contracts';

/** Shown for a counter whose value cannot be read. */
export const NO_VALUE = '—';

export type CounterKind = 'money' | 'count' | 'percent';

/** 0.01% in percent micro-units: the finest step a margin is shown in. */
const PERCENT_DISPLAY_STEP = 10_000n;

export function formatCount(n: number | bigint): string {
  return n.toLocaleString('en-US');
}

/** A percent (micro-units of one percent) rounded to two decimals: '33.33%', '25%', '-12.5%'. */
export function formatPercentRounded(micro: bigint): string {
  return formatPercent(divRoundHalfEven(micro, PERCENT_DISPLAY_STEP) * PERCENT_DISPLAY_STEP);
}

function isWire(raw: unknown): raw is { value: string | number | bigint } {
  return typeof raw === 'object' && raw !== null && 'value' in raw;
}

/** One counter's display text from its value as the server sent it. */
export function formatCounter(kind: CounterKind, raw: unknown): string {
  switch (kind) {
    case 'count':
      if (typeof raw === 'number' || typeof raw === 'bigint') return formatCount(raw);
      break;
    case 'money':
      if (isWire(raw)) return formatMoney(fromWire(raw));
      break;
    case 'percent':
      if (isWire(raw)) return formatPercentRounded(fromWire(raw));
      break;
  }
  // A shape the contract does not allow: say nothing rather than break the page.
  return NO_VALUE;
}
