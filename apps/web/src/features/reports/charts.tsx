/**
 * The reports' charts, loaded only where one is drawn: @mantine/charts and recharts (most
 * of the reports' code) come in their own chunk on the first chart, so the Reports page,
 * its tables and every other screen load without them. A chart's box keeps its size
 * while the chunk arrives.
 */
import { lazy, Suspense, type ComponentProps } from 'react';
import { Skeleton } from '@mantine/core';

const LazyBarChart = lazy(() => import('./chart-parts').then((m) => ({ default: m.BarChart })));
const LazyDonutChart = lazy(() => import('./chart-parts').then((m) => ({ default: m.DonutChart })));

type BarChartProps = ComponentProps<typeof LazyBarChart>;
type DonutChartProps = ComponentProps<typeof LazyDonutChart>;

export function BarChart(props: BarChartProps) {
  return (
    <Suspense fallback={<Skeleton h={typeof props.h === 'number' ? props.h : 260} role="status" aria-label="Loading chart" />}>
      <LazyBarChart {...props} />
    </Suspense>
  );
}

export function DonutChart(props: DonutChartProps) {
  const size = props.size ?? 160;
  return (
    <Suspense fallback={<Skeleton h={size} w={size} circle role="status" aria-label="Loading chart" />}>
      <LazyDonutChart {...props} />
    </Suspense>
  );
}
