import { hasilText } from '../text';
import type { ApexOptions } from 'apexcharts';
import { text } from '../../../text';

/** Chart defaults: a 20-colour palette and a default height of 300px. */
export const CHART_PALETTE = [
  '#0d6efd',
  '#dc3545',
  '#198754',
  '#fd7e14',
  '#6f42c1',
  '#20c997',
  '#d63384',
  '#ffc107',
  '#0dcaf0',
  '#6610f2',
  '#6c757d',
  '#8b4513',
  '#2e8b57',
  '#b8860b',
  '#4682b4',
  '#c71585',
  '#556b2f',
  '#ff6347',
  '#4b0082',
  '#008b8b',
] as const;

export const CHART_HEIGHT = 300;

export const nilaiChartOptions: ApexOptions = {
  chart: {
    id: 'grafik-nilai',
    type: 'line',
    height: CHART_HEIGHT,
    // Its style sheet comes as a file (NilaiChart imports it): no inline <style> for the CSP to refuse.
    injectStyleSheet: false,
    toolbar: { show: false },
    zoom: { enabled: false },
  },
  colors: [...CHART_PALETTE],
  stroke: { curve: 'straight', width: 3 },
  markers: { size: 5 },
  xaxis: {
    type: 'numeric',
    title: { text: hasilText.chartAxisPaket },
    decimalsInFloat: 0,
    labels: { formatter: (value: string) => String(Math.round(Number(value))) },
  },
  yaxis: {
    title: { text: hasilText.chartAxisSkor },
    min: 0,
    max: 1000,
    tickAmount: 5,
    labels: { formatter: (value: number) => String(Math.round(value)) },
  },
  // The legend names the type even when the student has only one (e.g. only "UTBK" packages).
  legend: { show: true, showForSingleSeries: true, position: 'bottom' },
  noData: { text: text.common.dataTidakDitemukan },
};
