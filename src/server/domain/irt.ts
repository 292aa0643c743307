/**
 * Rasch model: item difficulties by conditional maximum likelihood (CML) and person
 * abilities by Warm's weighted likelihood (WLE). Pure functions, no I/O.
 *
 * Conventions: P(correct | θ, b) = 1 / (1 + exp(b − θ)); difficulties in logits.
 */

import {
  itemCount,
  packResponses,
  personCount,
  scoreTable,
  type Response,
  type Responses,
} from './responseMatrix';

export type { Response } from './responseMatrix';

export type ItemStatus = 'estimated' | 'all-correct' | 'all-wrong';

export interface ItemEstimate {
  difficulty: number;
  /** Standard error from the diagonal of the conditional information matrix; null for extreme items. */
  se: number | null;
  status: ItemStatus;
}

export interface CalibrationOptions {
  /** Stop when the largest change of a difficulty in one iteration falls below this (logits). */
  tolerance?: number;
  maxIterations?: number;
}

export interface Calibration {
  items: ItemEstimate[];
  iterations: number;
  converged: boolean;
  /** Persons whose raw score over the estimated items is neither 0 nor perfect (the ones CML learns from). */
  informativePersons: number;
}

/**
 * Items everyone answered alike carry no information and have no finite CML estimate. They are left out of the
 * estimation and reported this many logits beyond the most extreme estimated item (and at least ±EXTREME_FLOOR),
 * so they sort where they belong while staying finite; their SE is null.
 */
export const EXTREME_OFFSET = 1;
export const EXTREME_FLOOR = 5;

/**
 * Elementary symmetric functions γ_0..γ_k of `eps` by the summation algorithm (all additions of positive
 * terms, so no cancellation): γ_r = Σ over r-subsets of the product of their ε.
 */
export function elementarySymmetric(eps: readonly number[]): number[] {
  const gamma = new Array<number>(eps.length + 1).fill(0);
  gamma[0] = 1;
  for (let i = 0; i < eps.length; i++) {
    for (let r = i + 1; r >= 1; r--) gamma[r] += eps[i] * gamma[r - 1];
  }
  return gamma;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}

/**
 * Rasch difficulties by CML. With ε_i = exp(−b_i), a person's responses given the raw score r have probability
 * Π ε_i^x_i / γ_r, so the person parameters drop out. The score equation of item i is
 * s_i = Σ_r n_r ε_i γ^(i)_{r−1} / γ_r; each iteration takes a Newton–Raphson step per item on the diagonal of the
 * information matrix I_ii = Σ_r n_r π_ri (1 − π_ri), then re-centres so the difficulties sum to zero (the
 * likelihood is invariant to a common shift).
 */
export function calibrateRasch(responses: Responses, options: CalibrationOptions = {}): Calibration {
  const tolerance = options.tolerance ?? 1e-7;
  const maxIterations = options.maxIterations ?? 1000;
  if (personCount(responses) === 0) throw new Error('Matriks respons kosong');
  const k = itemCount(responses);
  if (k === 0) throw new Error('Matriks respons tidak memiliki butir soal');
  const matrix = packResponses(responses);

  // Items answered alike by every informative person have no finite estimate, and dropping them can make more
  // persons extreme, so both are peeled off until nothing changes.
  const status = new Array<ItemStatus>(k).fill('estimated');
  let estimated = Array.from({ length: k }, (_, i) => i);
  // From the last round of peeling: how many persons have each raw score over the estimated items, how many of them
  // are informative (neither 0 nor perfect), and the item totals over those (over everyone when none is).
  let byScore: Int32Array = new Int32Array(0);
  let informativeCount = 0;
  let totals: number[] = [];
  for (;;) {
    const m = estimated.length;
    const table = scoreTable(matrix, estimated);
    byScore = table.byScore;
    informativeCount = 0;
    for (let r = 1; r < m; r++) informativeCount += byScore[r];
    const [from, to] = informativeCount > 0 ? [1, m - 1] : [0, m];
    totals = new Array<number>(m).fill(0);
    for (let r = from; r <= to; r++) {
      for (let j = 0; j < m; j++) totals[j] += table.right[r * m + j];
    }
    const poolSize = informativeCount > 0 ? informativeCount : matrix.persons;
    const dropped = estimated.filter((item, j) => {
      if (totals[j] === poolSize) status[item] = 'all-correct';
      else if (totals[j] === 0) status[item] = 'all-wrong';
      return status[item] !== 'estimated';
    });
    if (dropped.length === 0) break;
    estimated = estimated.filter((item) => status[item] === 'estimated');
    if (estimated.length === 0) break;
  }

  const m = estimated.length;
  const items: ItemEstimate[] = new Array(k);
  let iterations = 0;
  let converged = true;

  if (m >= 2 && informativeCount > 0) {
    // The peeling ended with nothing dropped, so its scores and totals are those of the estimated items.
    const scoreCount = new Array<number>(m + 1).fill(0);
    for (let r = 1; r < m; r++) scoreCount[r] = byScore[r];
    const itemTotals = totals;
    const informationAt = (b: readonly number[]): { expected: number[]; information: number[] } => {
      const eps = b.map((v) => Math.exp(-v));
      const gamma = elementarySymmetric(eps);
      const expected = new Array<number>(m).fill(0);
      const information = new Array<number>(m).fill(0);
      // γ^(i), γ without item i, by summation: the items before i, then those after it. The first part is the same
      // for every later i, so it is carried along (`before`) instead of being summed again for each.
      const before = new Float64Array(m + 1);
      before[0] = 1;
      const without = new Float64Array(m);
      for (let i = 0; i < m; i++) {
        without.set(before.subarray(0, m));
        for (let l = i + 1; l < m; l++) {
          for (let r = l; r >= 1; r--) without[r] += eps[l] * without[r - 1];
        }
        for (let r = 1; r < m; r++) {
          if (scoreCount[r] === 0) continue;
          const p = (eps[i] * without[r - 1]) / gamma[r];
          expected[i] += scoreCount[r] * p;
          information[i] += scoreCount[r] * p * (1 - p);
        }
        for (let r = i + 1; r >= 1; r--) before[r] += eps[i] * before[r - 1];
      }
      return { expected, information };
    };

    // Start from the centred log-odds of the item p-values.
    let b = itemTotals.map((s) => Math.log((informativeCount - s) / s));
    const centre = mean(b);
    b = b.map((v) => v - centre);

    converged = false;
    for (iterations = 1; iterations <= maxIterations; iterations++) {
      const { expected, information } = informationAt(b);
      let largest = 0;
      const next = b.map((v, i) => {
        // d logL / d β_i = s_i − E_i with β = −b, so b moves by −(s_i − E_i)/I_ii; steps are capped at 1 logit.
        const step = Math.max(-1, Math.min(1, (itemTotals[i] - expected[i]) / information[i]));
        largest = Math.max(largest, Math.abs(step));
        return v - step;
      });
      const shift = mean(next);
      b = next.map((v) => v - shift);
      if (largest < tolerance) {
        converged = true;
        break;
      }
    }
    const { information } = informationAt(b);
    estimated.forEach((item, j) => {
      items[item] = { difficulty: b[j], se: 1 / Math.sqrt(information[j]), status: 'estimated' };
    });
  } else {
    // One item alone, or no person with a score between 0 and perfect: nothing can be compared, so every
    // estimable item sits at 0 with no standard error.
    for (const item of estimated) items[item] = { difficulty: 0, se: null, status: 'estimated' };
  }

  const difficulties = estimated.map((item) => items[item].difficulty);
  const hardest = Math.max(EXTREME_FLOOR, ...difficulties.map((d) => d + EXTREME_OFFSET));
  const easiest = Math.min(-EXTREME_FLOOR, ...difficulties.map((d) => d - EXTREME_OFFSET));
  for (let i = 0; i < k; i++) {
    if (status[i] === 'all-correct') items[i] = { difficulty: easiest, se: null, status: 'all-correct' };
    else if (status[i] === 'all-wrong') items[i] = { difficulty: hardest, se: null, status: 'all-wrong' };
  }
  return { items, iterations, converged, informativePersons: m >= 2 ? informativeCount : 0 };
}

export interface AbilityEstimate {
  theta: number;
  /** 1 / sqrt(test information at θ). */
  se: number;
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** Warm's WLE equation: r − Σ P_i + J / (2I), with I = Σ P(1−P) and J = Σ P(1−P)(1−2P). Decreasing in θ. */
function wleEquation(rawScore: number, theta: number, difficulties: readonly number[]): number {
  let expected = 0;
  let information = 0;
  let j = 0;
  for (const b of difficulties) {
    const p = logistic(theta - b);
    expected += p;
    information += p * (1 - p);
    j += p * (1 - p) * (1 - 2 * p);
  }
  return rawScore - expected + j / (2 * information);
}

const THETA_BOUND = 30;

/**
 * The WLE for one raw score: Warm's equation solved by bisection (the equation is monotone in θ for the Rasch
 * model), so it cannot diverge; the bias correction J/(2I) keeps θ finite for zero and perfect scores.
 */
export function abilityForRawScore(rawScore: number, difficulties: readonly number[]): AbilityEstimate {
  if (difficulties.length === 0) throw new Error('Tidak ada butir untuk mengestimasi kemampuan');
  if (!Number.isInteger(rawScore) || rawScore < 0 || rawScore > difficulties.length) {
    throw new Error(`Skor mentah ${rawScore} di luar 0..${difficulties.length}`);
  }
  let low = -THETA_BOUND;
  let high = THETA_BOUND;
  for (let step = 0; step < 200 && high - low > 1e-10; step++) {
    const middle = (low + high) / 2;
    if (wleEquation(rawScore, middle, difficulties) > 0) low = middle;
    else high = middle;
  }
  const theta = (low + high) / 2;
  const information = difficulties.reduce((sum, b) => {
    const p = logistic(theta - b);
    return sum + p * (1 - p);
  }, 0);
  return { theta, se: 1 / Math.sqrt(information) };
}

/**
 * Under the Rasch model a person with complete responses is known by the raw score alone, so the WLE of every
 * possible score 0..m is computed once: entry r is the ability of anyone who got r of the items right. At event
 * size this turns 100,000 bisections into m + 1.
 */
export function abilitiesByRawScore(difficulties: readonly number[]): AbilityEstimate[] {
  return Array.from({ length: difficulties.length + 1 }, (_, r) => abilityForRawScore(r, difficulties));
}

/** Ability of one person from their responses to the items (the WLE of their raw score). */
export function estimateAbilityWle(
  responses: readonly Response[],
  difficulties: readonly number[],
): AbilityEstimate {
  if (responses.length !== difficulties.length) {
    throw new Error(
      `Jumlah respons (${responses.length}) berbeda dengan jumlah butir (${difficulties.length})`,
    );
  }
  if (difficulties.length === 0) throw new Error('Tidak ada butir untuk mengestimasi kemampuan');
  return abilityForRawScore(
    responses.reduce<number>((sum, x) => sum + x, 0),
    difficulties,
  );
}

/** Scale score: clamp(round(500 + 100·θ), 0, 1000). */
export function irtNilai(theta: number): number {
  return Math.min(1000, Math.max(0, Math.round(500 + 100 * theta)));
}
