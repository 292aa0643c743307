/**
 * The phone's size budget the production build holds (#51): /login's JavaScript, each logged-in route's and the first
 * load's CSS.
 */
import { overBudget, ROUTE_BUDGET } from '../../src/build/budget';

describe("the build's size budget", () => {
  it('lets /login load 100 KB of JavaScript gzip and refuses 100.1 KB', () => {
    expect(overBudget({ loginJsKb: 100, cssKb: 0 })).toEqual([]);
    expect(overBudget({ loginJsKb: 100.1, cssKb: 0 })).toEqual([
      '/login loads 100.1 KB gzip of JavaScript, over 100 KB',
    ]);
  });

  it('lets the first load carry 20 KB of CSS gzip and refuses 20.1 KB', () => {
    expect(overBudget({ loginJsKb: 0, cssKb: 20 })).toEqual([]);
    expect(overBudget({ loginJsKb: 0, cssKb: 20.1 })).toEqual([
      'the first load has 20.1 KB gzip of CSS, over 20 KB',
    ]);
  });

  it("holds each logged-in route to its own JavaScript budget (the /hasil chart's 230 KB would break it)", () => {
    const hasil = ROUTE_BUDGET['/hasil'].kb;
    expect(overBudget({ loginJsKb: 0, cssKb: 0, routeJsKb: { '/hasil': hasil, '/home': 0 } })).toEqual([]);
    expect(overBudget({ loginJsKb: 0, cssKb: 0, routeJsKb: { '/hasil': hasil + 230 } })).toEqual([
      `/hasil loads ${(hasil + 230).toFixed(1)} KB gzip of JavaScript, over ${hasil} KB`,
    ]);
  });
});
