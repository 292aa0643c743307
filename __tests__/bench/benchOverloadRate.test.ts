/**
 * The rate the bench's overload offers: twice what the answer-save phase acknowledged, said to be understated when
 * that phase shed calls, and offered again at twice what the server accepted when it accepted more than half.
 */
import type { LoadResult } from '../../src/bench/load';
import type { OverloadResult } from '../../src/bench/overload';
import { reofferedRate, saveRateOf } from '../../src/bench/overloadPhase';
import { overloadLines, type OverloadReport } from '../../src/bench/overloadReport';

const savePhase = (acknowledged: number, errors: number, satOutMs: number): LoadResult => ({
  requests: acknowledged + errors,
  seconds: 5,
  perSecond: (acknowledged + errors) / 5,
  p50: 7,
  p99: 104,
  max: 300,
  errors,
  // Connection errors too: not shed, not counted as such.
  errorsBy: errors > 0 ? { '503': errors - 1, connection: 1 } : {},
  refused: 0,
  acknowledged: Array.from({ length: acknowledged }, (_, i) => i),
  started: [],
  unansweredMs: 0,
  satOutMs,
});

const overloadRun = (offeredPerSecond: number, sent: number, accepted: number): OverloadResult => ({
  sent,
  offeredPerSecond,
  acknowledged: Array.from({ length: accepted }, (_, i) => i),
  acceptedP50: 12,
  acceptedP99: 59,
  acceptedMax: 300,
  acceptedBySecond: [accepted],
  slowBySecond: [0],
  acceptedDueP99: 60,
  lateP99: 5,
  lateMax: 10,
  shed: sent - accepted,
  other: 0,
  errored: 0,
  unanswered: 0,
});

describe('the answer-save phase’s rate', () => {
  it('is what it acknowledged per second, with the 503s it shed and how long its 64 connections sat out', () => {
    // 64 connections × 5 s = 320 s asked; 160 s sat out.
    expect(saveRateOf(savePhase(5000, 81, 160_000), 64)).toEqual({
      perSecond: 1000,
      shed: 80,
      satOutShare: 0.5,
    });
    expect(saveRateOf(savePhase(5000, 0, 0), 64)).toEqual({ perSecond: 1000, shed: 0, satOutShare: 0 });
  });
});

describe('the overload offered again', () => {
  it('not when the first run accepted half or less: 5,000 of 10,000', () => {
    expect(reofferedRate(overloadRun(2000, 10_000, 5000), 5)).toBeNull();
  });

  it('at twice what it accepted when more than half: 5,001 of 10,000 in 5 s → 2,000.4/s', () => {
    expect(reofferedRate(overloadRun(2000, 10_000, 5001), 5)).toBeCloseTo(2000.4, 6);
  });
});

describe('the overload report', () => {
  const report = (
    shed: number,
    earlierRuns: OverloadResult[],
    result = overloadRun(4008, 20_040, 9000),
  ): OverloadReport => ({
    savePhase: { perSecond: 1229, shed, satOutShare: 0.9 },
    earlierRuns,
    result,
    lost: 0,
  });

  it('says next to the sustainable rate that the answer-save phase shed calls, and how long it sat out', () => {
    const [line] = overloadLines(report(149, []));
    expect(line).toContain(
      'sustainable 1229/s (saves the answer-save phase acknowledged; it SHED 149 calls, its connections sat out ' +
        "90 % of it as Retry-After asked: the rate understates the server's)",
    );
    expect(overloadLines(report(0, [])).join('\n')).not.toContain('first run');
    expect(overloadLines(report(0, []))[0]).toContain('acknowledged; it shed none)');
  });

  it('gives the first run when the overload was offered again, and the second run’s figures', () => {
    const lines = overloadLines(report(149, [overloadRun(2458, 12_292, 10_019)]));
    expect(lines[0]).toContain('offered 4008/s, 20040 sent; accepted 9000 (44.9 %)');
    expect(lines).toContain(
      '  first run at 2× that: offered 2458/s, accepted 10019 (81.5 %), more than half: not twice what the server ' +
        'sustains. Offered again at twice what it accepted',
    );
    expect(lines).toContain("  the figures above are run 2's");
    expect(lines.join('\n')).not.toContain('NOT a true 2×');
  });

  it('says so when the last run too accepted more than half: not a true 2×', () => {
    const earlier = [overloadRun(800, 4000, 3600), overloadRun(1440, 7200, 5000)];
    const lines = overloadLines(report(160, earlier, overloadRun(2000, 10_000, 5001)));
    expect(lines).toContain(
      '  run 2 at 2× what run 1 accepted: offered 1440/s, accepted 5000 (69.4 %), more than half: not twice what ' +
        'the server sustains. Offered again at twice what it accepted',
    );
    expect(lines).toContain("  the figures above are run 3's");
    expect(lines).toContain(
      '  run 3 too accepted more than half, and no more runs are made: NOT a true 2×, its p99 is no 2× figure',
    );
    // Exactly half is a true 2×.
    const half = overloadLines(report(160, earlier, overloadRun(2000, 10_000, 5000)));
    expect(half.join('\n')).not.toContain('NOT a true 2×');
  });
});
