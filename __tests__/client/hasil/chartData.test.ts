import { groupChartData } from '../../../src/client/features/hasil/chartData';

describe('groupChartData', () => {
  it('makes one series per type with (paket, nilai) pairs in package order', () => {
    const series = groupChartData([
      { type: 'UTBK', paket: 3, skor: 540.5 },
      { type: 'TO Akbar', paket: 9, skor: 610 },
      { type: 'UTBK', paket: 1, skor: 480 },
      { type: 'UTBK', paket: 2, skor: 505.25 },
    ]);
    expect(series).toEqual([
      {
        name: 'UTBK',
        data: [
          [1, 480],
          [2, 505.25],
          [3, 540.5],
        ],
      },
      { name: 'TO Akbar', data: [[9, 610]] },
    ]);
  });

  it('gives no series without results', () => {
    expect(groupChartData([])).toEqual([]);
  });
});
