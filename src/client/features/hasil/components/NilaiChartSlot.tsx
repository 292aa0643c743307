import { Suspense, lazy, useRef } from 'react';
import { Spinner } from '../../../components/Spinner';
import { useNearScreen } from '../../../lib/useNearScreen';
import type { ChartSeries } from '../chartData';
import { CHART_HEIGHT } from './chartOptions';

// apexcharts is big (230 KB gzip, and a phone's main thread for a second to run and draw): its own chunk.
const NilaiChart = lazy(() => import(/* webpackChunkName: "nilai-chart" */ './NilaiChart'));

/**
 * The chart starts loading as its place comes onto the screen. A margin would start it earlier, but below a short
 * table on a phone (the chart ~200 px under the screen's edge) it would load with the page again.
 */
const LOAD_MARGIN = '0px';

/**
 * The score chart's place: the chart's height kept free (nothing below moves when it is drawn), and the chart
 * loaded only once it comes onto the screen. On a phone it sits below the package table, so the page and
 * its table are ready without waiting for apexcharts.
 */
export function NilaiChartSlot({ series }: { series: ChartSeries[] }) {
  const slot = useRef<HTMLDivElement>(null);
  const near = useNearScreen(slot, LOAD_MARGIN);
  return (
    <div ref={slot} style={{ minHeight: CHART_HEIGHT }} data-testid="grafik-tempat">
      {near && (
        <Suspense fallback={<Spinner />}>
          <NilaiChart series={series} />
        </Suspense>
      )}
    </div>
  );
}
