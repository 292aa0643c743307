import Chart from 'react-apexcharts';
// Loaded as a file, with `injectStyleSheet: false` in the options: the Content-Security-Policy refuses inline <style>.
import 'apexcharts/dist/apexcharts.css';
// apexcharts 7 keeps the legend's layout (a flex row, each marker beside its label) in a second sheet; without it the
// legend's items stack and its markers float off, and the legend takes half the chart's height from the plot.
import 'apexcharts/dist/apexcharts-legend.css';
import type { ChartSeries } from '../chartData';
import { CHART_HEIGHT, nilaiChartOptions } from './chartOptions';

/** The score line chart; its own chunk, so apexcharts is loaded only on /hasil. */
export default function NilaiChart({ series }: { series: ChartSeries[] }) {
  return <Chart type="line" height={CHART_HEIGHT} options={nilaiChartOptions} series={series} />;
}
