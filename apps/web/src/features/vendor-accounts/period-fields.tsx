/**
 * The period of a statement or a list of sales: From and To, and the presets (this
 * month, last month, last 90 days) from the store's today. A new From after To moves To
 * with it, and the other way round.
 */
import { Button } from '@mantine/core';
import { DayInput } from '../../components/day-input';
import { periodPresets } from './statement-view';

export function PeriodFields({
  from,
  to,
  today,
  onPeriod,
}: {
  from: string | undefined;
  to: string | undefined;
  /** The store's today; no presets until it is known. */
  today: string | null;
  onPeriod: (from: string, to: string) => void;
}) {
  return (
    <>
      <DayInput label="From" name="from" value={from} onChange={(f) => f && onPeriod(f, to && to >= f ? to : f)} />
      <DayInput label="To" name="to" value={to} onChange={(t) => t && onPeriod(from && from <= t ? from : t, t)} />
      {today
        ? periodPresets(today).map((p) => (
            <Button key={p.label} variant={from === p.from && to === p.to ? 'light' : 'subtle'} size="sm" onClick={() => onPeriod(p.from, p.to)}>
              {p.label}
            </Button>
          ))
        : null}
    </>
  );
}
