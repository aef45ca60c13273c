/** The chart code and its styles, one chunk imported by charts.tsx when a chart is first drawn. */
import '@mantine/charts/styles.css';

export { BarChart, DonutChart } from '@mantine/charts';
