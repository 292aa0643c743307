import type { SkorPaketItem } from '../../../contract';

/** One line of the score chart: the packages of one type ("UTBK", "TO Akbar", ...) as (paket, nilai) pairs. */
export interface ChartSeries {
  name: string;
  data: [paket: number, nilai: number][];
}

/** Results: chart data groups package results by type; each group has a name and (paket, nilai) pairs.
 * Groups keep the order in which their type first appears; pairs run by package number, so each line goes left to
 * right. */
export function groupChartData(
  items: readonly (Pick<SkorPaketItem, 'type' | 'paket'> & { skor?: number })[],
): ChartSeries[] {
  const groups = new Map<string, [number, number][]>();
  for (const item of items) {
    // A running TO Akbar event's package comes without a score: it has no point yet.
    if (item.skor === undefined) continue;
    const pairs = groups.get(item.type) ?? [];
    pairs.push([item.paket, item.skor]);
    groups.set(item.type, pairs);
  }
  return Array.from(groups, ([name, pairs]) => ({
    name,
    data: pairs.sort((a, b) => a[0] - b[0]),
  }));
}
