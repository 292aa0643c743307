import {
  EXTREME_FLOOR,
  abilitiesByRawScore,
  abilityForRawScore,
  calibrateRasch,
  elementarySymmetric,
  estimateAbilityWle,
  irtNilai,
  type Response,
} from '../../../src/server/domain/irt';

/** mulberry32: a small seeded PRNG so the simulation is the same on every run. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Standard normal by Box–Muller. */
function normal(random: () => number): number {
  return Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
}

function simulate(difficulties: number[], persons: number, seed: number): Response[][] {
  const random = prng(seed);
  return Array.from({ length: persons }, () => {
    const theta = normal(random);
    return difficulties.map((b) => (random() < 1 / (1 + Math.exp(b - theta)) ? 1 : 0) as Response);
  });
}

describe('elementarySymmetric', () => {
  it('sums the products of every subset of each size', () => {
    // (1+2x)(1+3x)(1+4x) = 1 + 9x + 26x² + 24x³
    expect(elementarySymmetric([2, 3, 4])).toEqual([1, 9, 26, 24]);
  });
});

describe('calibrateRasch', () => {
  const truth = Array.from({ length: 20 }, (_, i) => -1.9 + 0.2 * i);
  const meanTruth = truth.reduce((s, v) => s + v, 0) / truth.length;
  const centred = truth.map((b) => b - meanTruth);
  const calibration = calibrateRasch(simulate(truth, 2000, 20240601));

  it('converges and recovers the simulated difficulties within 3 SE and 0.15 logits', () => {
    expect(calibration.converged).toBe(true);
    calibration.items.forEach((item, i) => {
      expect(item.status).toBe('estimated');
      expect(item.se).not.toBeNull();
      const error = Math.abs(item.difficulty - centred[i]);
      expect(error).toBeLessThan(0.15);
      expect(error).toBeLessThan(3 * (item.se as number));
    });
  });

  it('normalises the difficulties to sum to zero', () => {
    const sum = calibration.items.reduce((s, item) => s + item.difficulty, 0);
    expect(Math.abs(sum)).toBeLessThan(1e-9);
  });

  it('reports standard errors of the size the information predicts', () => {
    // ~2000 informative persons per item: SE around 1/sqrt(2000·0.2) ≈ 0.05.
    for (const item of calibration.items) {
      expect(item.se as number).toBeGreaterThan(0.03);
      expect(item.se as number).toBeLessThan(0.1);
    }
  });

  it('keeps items everyone answered alike out of the estimation with an extreme finite difficulty', () => {
    const data = simulate([-1, -0.5, 0, 0.5, 1], 300, 7).map((row) => [1, ...row, 0] as Response[]);
    const result = calibrateRasch(data);
    const [easy, ...rest] = result.items;
    const hard = rest.pop();
    expect(easy.status).toBe('all-correct');
    expect(hard?.status).toBe('all-wrong');
    expect(easy.se).toBeNull();
    expect(Number.isFinite(easy.difficulty)).toBe(true);
    expect(Number.isFinite(hard?.difficulty)).toBe(true);
    expect(easy.difficulty).toBeLessThanOrEqual(-EXTREME_FLOOR);
    expect(hard?.difficulty).toBeGreaterThanOrEqual(EXTREME_FLOOR);
    for (const item of rest) {
      expect(item.status).toBe('estimated');
      expect(item.difficulty).toBeGreaterThan(easy.difficulty);
      expect(item.difficulty).toBeLessThan(hard?.difficulty as number);
    }
    expect(Math.abs(rest.reduce((s, item) => s + item.difficulty, 0))).toBeLessThan(1e-9);
  });

  it('orders items by how often they were answered right', () => {
    const data: Response[][] = [
      [1, 1, 0],
      [1, 0, 0],
      [1, 1, 1],
      [0, 1, 0],
      [1, 0, 1],
      [0, 0, 0],
    ];
    const [a, b, c] = calibrateRasch(data).items.map((item) => item.difficulty);
    expect(a).toBeLessThan(b);
    expect(b).toBeLessThan(c);
  });

  it('refuses a ragged or non-binary matrix', () => {
    expect(() => calibrateRasch([[1, 0], [1]] as Response[][])).toThrow(/Baris 2/);
    expect(() => calibrateRasch([[1, 2 as Response]])).toThrow(/0\/1/);
    expect(() => calibrateRasch([])).toThrow(/kosong/);
  });
});

describe('estimateAbilityWle', () => {
  const difficulties = Array.from({ length: 20 }, (_, i) => -1.9 + 0.2 * i);
  const byScore = Array.from({ length: 21 }, (_, r) =>
    estimateAbilityWle(
      difficulties.map((_, i) => (i < r ? 1 : 0) as Response),
      difficulties,
    ),
  );

  it('is finite for a zero and a perfect score', () => {
    expect(Number.isFinite(byScore[0].theta)).toBe(true);
    expect(Number.isFinite(byScore[20].theta)).toBe(true);
    expect(byScore[0].theta).toBeLessThan(-2.5);
    expect(byScore[20].theta).toBeGreaterThan(2.5);
    expect(Number.isFinite(byScore[0].se)).toBe(true);
  });

  it('rises strictly with the raw score', () => {
    for (let r = 1; r <= 20; r++) expect(byScore[r].theta).toBeGreaterThan(byScore[r - 1].theta);
  });

  it('depends on the raw score only, and is 0 at half marks on a symmetric test', () => {
    const symmetric = [-1, -0.5, 0.5, 1];
    const a = estimateAbilityWle([1, 1, 0, 0], symmetric);
    const b = estimateAbilityWle([0, 0, 1, 1], symmetric);
    expect(a.theta).toBeCloseTo(b.theta, 8);
    expect(a.theta).toBeCloseTo(0, 6);
  });

  it('solves Warm’s equation r − ΣP + J/(2I) = 0', () => {
    const { theta } = byScore[13];
    let expected = 0;
    let info = 0;
    let j = 0;
    for (const b of difficulties) {
      const p = 1 / (1 + Math.exp(b - theta));
      expected += p;
      info += p * (1 - p);
      j += p * (1 - p) * (1 - 2 * p);
    }
    expect(13 - expected + j / (2 * info)).toBeCloseTo(0, 6);
  });

  it('refuses mismatched lengths', () => {
    expect(() => estimateAbilityWle([1, 0], [0])).toThrow(/berbeda/);
  });
});

describe('abilitiesByRawScore', () => {
  it('gives Warm’s WLE of every raw score on a known three-item test', () => {
    // Difficulties −1, 0, 1: solved independently (bisection on r − ΣP + J/(2I) = 0) to four decimals.
    const table = abilitiesByRawScore([-1, 0, 1]);
    expect(table.map((a) => Number(a.theta.toFixed(4)))).toEqual([-2.2947, -0.638, 0.638, 2.2947]);
    expect(table.map((a) => Number(a.se.toFixed(4)))).toEqual([1.8684, 1.2863, 1.2863, 1.8684]);
  });

  it('equals the per-person estimate of everyone with that raw score, whatever items they got right', () => {
    const difficulties = [-1.7, -0.9, -0.2, 0.1, 0.8, 1.9];
    const table = abilitiesByRawScore(difficulties);
    expect(table).toHaveLength(7);
    const random = prng(7);
    for (let person = 0; person < 200; person++) {
      const responses = difficulties.map(() => (random() < 0.5 ? 1 : 0) as Response);
      const rawScore = responses.reduce<number>((sum, x) => sum + x, 0);
      expect(estimateAbilityWle(responses, difficulties)).toEqual(table[rawScore]);
    }
  });

  it('refuses a raw score outside 0..items', () => {
    expect(() => abilityForRawScore(4, [-1, 0, 1])).toThrow(/di luar 0..3/);
    expect(() => abilityForRawScore(-1, [-1, 0, 1])).toThrow(/di luar/);
    expect(abilityForRawScore(3, [-1, 0, 1]).theta).toBeCloseTo(2.2947, 4);
  });
});

describe('irtNilai', () => {
  it('maps θ to 500 + 100θ, rounded and clamped to 0..1000', () => {
    expect(irtNilai(0)).toBe(500);
    expect(irtNilai(1.234)).toBe(623);
    expect(irtNilai(-0.456)).toBe(454);
    expect(irtNilai(7)).toBe(1000);
    expect(irtNilai(-9)).toBe(0);
  });
});
