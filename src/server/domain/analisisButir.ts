/**
 * Item analysis of a finished schedule (README "Analisis butir"): the numbers an operator reads to find a broken
 * question. Pure functions over 0/1 response matrices (rows are persons, columns items), no I/O.
 *
 * - corrected item–rest correlation: Pearson between the item and the total of the other items;
 * - KR-20 reliability with the sample variance (n − 1) of the total scores;
 * - Rasch infit and outfit mean-squares as R eRm's `itemfit` forms them: persons with a zero or perfect raw score are
 *   left out, the others get their maximum-likelihood ability given the item difficulties, and the standardized
 *   residuals z = (x − P) / √(P(1 − P)) give outfit = mean z² and infit = Σ (x − P)² / Σ P(1 − P);
 * - for type 1 the choices of each option with the mean total score of those who chose it.
 */
import { packResponses, personCount, scoreTable, type Response, type Responses } from './responseMatrix';

function mean(values: readonly number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum / values.length;
}

/** Pearson correlation; null when either side does not vary (or fewer than two pairs). */
export function pearson(x: readonly number[], y: readonly number[]): number | null {
  if (x.length !== y.length) throw new Error('Panjang data korelasi berbeda');
  if (x.length < 2) return null;
  const mx = mean(x);
  const my = mean(y);
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < x.length; i++) {
    const dx = x[i] - mx;
    const dy = y[i] - my;
    sxy += dx * dy;
    sxx += dx * dx;
    syy += dy * dy;
  }
  if (sxx === 0 || syy === 0) return null;
  return sxy / Math.sqrt(sxx * syy);
}

function totalsOf(responses: readonly (readonly Response[])[]): number[] {
  return responses.map((row) => row.reduce<number>((sum, x) => sum + x, 0));
}

/**
 * Corrected item–rest (point-biserial) correlation of every item: the item against the total of the others, so
 * the item does not correlate with itself. Null for an item everyone answered alike or when the rest never varies.
 */
export function korelasiButirSisa(responses: readonly (readonly Response[])[]): (number | null)[] {
  if (responses.length === 0) return [];
  const totals = totalsOf(responses);
  return responses[0].map((_, item) => {
    const x = responses.map((row) => row[item]);
    const rest = responses.map((row, person) => totals[person] - row[item]);
    return pearson(x, rest);
  });
}

/**
 * KR-20 = k/(k − 1) · (1 − Σ p(1 − p) / s²) with p the proportion right per item and s² the sample variance
 * (n − 1) of the total scores. Null with fewer than two items or two persons, or when the totals do not vary.
 */
export function kr20(responses: Responses): number | null {
  const n = personCount(responses);
  if (n < 2) return null;
  const matrix = packResponses(responses);
  const k = matrix.items;
  if (k < 2) return null;
  const { scores: totals, right: byScoreAndItem } = scoreTable(matrix);
  const right = new Int32Array(k);
  for (let r = 0; r <= k; r++) {
    for (let item = 0; item < k; item++) right[item] += byScoreAndItem[r * k + item];
  }
  let sum = 0;
  for (let p = 0; p < n; p++) sum += totals[p];
  const m = sum / n;
  let squares = 0;
  for (let p = 0; p < n; p++) squares += (totals[p] - m) * (totals[p] - m);
  const variance = squares / (n - 1);
  if (variance === 0) return null;
  let pq = 0;
  for (let item = 0; item < k; item++) {
    const p = right[item] / n;
    pq += p * (1 - p);
  }
  return (k / (k - 1)) * (1 - pq / variance);
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/**
 * Maximum-likelihood ability for a raw score strictly between 0 and the number of items: the θ where the
 * expected score Σ P_i(θ) equals it. The expected score rises with θ, so bisection finds it without diverging.
 */
export function abilityMl(rawScore: number, difficulties: readonly number[]): number {
  if (!(rawScore > 0 && rawScore < difficulties.length)) {
    throw new Error(
      `Skor mentah ${rawScore} tidak punya estimasi ML (harus antara 0 dan ${difficulties.length})`,
    );
  }
  let low = -40;
  let high = 40;
  for (let step = 0; step < 200 && high - low > 1e-12; step++) {
    const middle = (low + high) / 2;
    let expected = 0;
    for (const b of difficulties) expected += logistic(middle - b);
    if (expected < rawScore) low = middle;
    else high = middle;
  }
  return (low + high) / 2;
}

export interface ItemFit {
  infit: number;
  outfit: number;
}

export interface RaschFit {
  /** Per item, in column order; null when no person counted for fit. */
  items: (ItemFit | null)[];
  /** Persons with a raw score between 0 and perfect: the ones fit is computed from. */
  persons: number;
}

/**
 * Infit and outfit mean-squares of every item given its difficulty (as eRm's `itemfit` on a `person.parameter`
 * fit): only persons with a raw score strictly between 0 and the number of items count, each at the ML ability of
 * their raw score. `columns[j]` names the column of the response rows that difficulty j belongs to (default: the
 * first difficulties.length columns), so items left out of a calibration need no copy of the matrix.
 */
export function raschFit(
  responses: Responses,
  difficulties: readonly number[],
  columns: readonly number[] = difficulties.map((_, j) => j),
): RaschFit {
  const k = difficulties.length;
  if (columns.length !== k) throw new Error('Jumlah kolom dan jumlah tingkat kesulitan berbeda');
  // Under the Rasch model a person's ability depends on the raw score only, so persons are summed by score: with
  // n of a score of whom c got item j right, the item's Σ z² gains c (1 − P)²/V + (n − c) P²/V, where V = P(1 − P).
  const { byScore, right } = scoreTable(packResponses(responses), columns);
  const squared = new Float64Array(k); // Σ z²
  const residual = new Float64Array(k); // Σ (x − P)²
  const variance = new Float64Array(k); // Σ P(1 − P)
  let persons = 0;
  for (let raw = 1; raw < k; raw++) {
    const n = byScore[raw];
    if (n === 0) continue;
    persons += n;
    const theta = abilityMl(raw, difficulties);
    for (let j = 0; j < k; j++) {
      const p = logistic(theta - difficulties[j]);
      const v = p * (1 - p);
      const c = right[raw * k + j];
      const wrong = n - c;
      squared[j] += (c * (1 - p) * (1 - p)) / v + (wrong * p * p) / v;
      residual[j] += c * (1 - p) * (1 - p) + wrong * p * p;
      variance[j] += n * v;
    }
  }
  return {
    persons,
    items: difficulties.map((_, j) =>
      persons === 0 ? null : { outfit: squared[j] / persons, infit: residual[j] / variance[j] },
    ),
  };
}

export interface PilihanOpsi {
  opsi: string;
  jumlah: number;
  /** Share of all persons (blanks included). */
  proporsi: number;
  /** Mean total score of those who chose it; null when nobody did. */
  rerataSkor: number | null;
  /** Point-biserial of choosing it with the total score: positive when stronger students choose it more. */
  korelasi: number | null;
}

/**
 * How many persons chose each option of a type 1 question, and how well they did overall. `choices[p]` is
 * person p's option letter (anything else, such as '0' or '', counts as blank); `totals[p]` their total score.
 */
export function sebaranOpsi(
  options: readonly string[],
  choices: readonly string[],
  totals: readonly number[],
): PilihanOpsi[] {
  if (choices.length !== totals.length) throw new Error('Jumlah pilihan dan skor total berbeda');
  return options.map((opsi) => {
    let jumlah = 0;
    let sum = 0;
    choices.forEach((choice, p) => {
      if (choice === opsi) {
        jumlah++;
        sum += totals[p];
      }
    });
    return {
      opsi,
      jumlah,
      proporsi: choices.length === 0 ? 0 : jumlah / choices.length,
      rerataSkor: jumlah === 0 ? null : sum / jumlah,
      korelasi: pearson(
        choices.map((choice) => (choice === opsi ? 1 : 0)),
        totals,
      ),
    };
  });
}

/** Outside 0.7–1.3 is the usual bound of a productive multiple-choice item; above it the item is noisy. */
export const FIT_MAKS = 1.3;
/** An item whose rest-correlation is below this barely separates strong from weak students. */
export const KORELASI_MIN = 0.2;
/** A distractor counts as "chosen" only by at least this share of the persons (and by two or more). */
export const PENGECOH_MIN = 0.05;

/** A number the Indonesian way: decimal comma, `digits` places. */
export function angkaId(value: number, digits = 2): string {
  return value.toFixed(digits).replace('-', '−').replace('.', ',');
}

const round1 = (value: number): number => Math.round(value * 10) / 10;

export interface DataPerhatian {
  kunci?: string;
  opsi?: readonly PilihanOpsi[];
  korelasi: number | null;
  proporsiBenar: number | null;
  fit?: ItemFit | null;
}

/**
 * Why a question needs a look, in words (empty when none):
 * - a distractor that discriminates better than the key: its choosers score higher on the whole test than the key's,
 *   and choosing it correlates with the total positively and more than choosing the key does (the key is likely
 *   wrong; of several, the one correlating most, so two lucky strong students do not outweigh a crowd);
 * - a low or negative rest-correlation; a fit mean-square above FIT_MAKS; nearly everyone or nearly nobody right.
 */
export function alasanPerhatian(data: DataPerhatian): string[] {
  const reasons: string[] = [];
  if (data.opsi && data.kunci) {
    const key = data.opsi.find((o) => o.opsi === data.kunci);
    const keyMean = key?.rerataSkor ?? null;
    const keyCorrelation = key?.korelasi ?? null;
    const strongest = data.opsi
      .filter((o) => o.opsi !== data.kunci && o.jumlah >= 2 && o.proporsi >= PENGECOH_MIN)
      .filter((o) => keyMean === null || (o.rerataSkor as number) > keyMean)
      .filter((o) => o.korelasi !== null && o.korelasi > 0)
      .filter((o) => keyCorrelation === null || (o.korelasi as number) > keyCorrelation)
      .sort((a, b) => (b.korelasi as number) - (a.korelasi as number))[0];
    if (strongest) reasons.push(`kunci mungkin salah: opsi ${strongest.opsi} dipilih siswa terbaik`);
  }
  if (data.korelasi !== null && data.korelasi < KORELASI_MIN) {
    reasons.push(
      data.korelasi < 0
        ? `korelasi butir-sisa ${angkaId(data.korelasi)}: siswa lemah lebih sering benar`
        : `korelasi butir-sisa ${angkaId(data.korelasi)}: daya beda rendah`,
    );
  }
  if (data.fit) {
    // Judged as shown (one decimal), so the words never read "1,3: tidak sesuai" beside a bound of 1,3.
    const { outfit, infit } = data.fit;
    if (round1(outfit) > FIT_MAKS) reasons.push(`outfit ${angkaId(outfit, 1)}: tidak sesuai model`);
    if (round1(infit) > FIT_MAKS) reasons.push(`infit ${angkaId(infit, 1)}: tidak sesuai model`);
  }
  if (data.proporsiBenar !== null) {
    if (data.proporsiBenar >= 0.95) reasons.push('terlalu mudah: hampir semua peserta benar');
    else if (data.proporsiBenar <= 0.05) reasons.push('terlalu sulit: hampir tidak ada peserta benar');
  }
  return reasons;
}

export interface ButirMasukan {
  /** Type 1: the key letter; otherwise ignored. */
  kunci: string;
  /** Type 1: the letters the question offers ('A'..'E'); empty for other types. */
  opsi: readonly string[];
  /** The Rasch difficulty where the subject was calibrated; null otherwise. */
  difficulty: number | null;
}

export interface AnalisisButir {
  korelasi: number | null;
  proporsiBenar: number | null;
  /** Type 1 only. */
  opsi: PilihanOpsi[] | null;
  fit: ItemFit | null;
  perhatian: string[];
}

export interface AnalisisMapel {
  peserta: number;
  butir: AnalisisButir[];
  kr20: number | null;
}

/**
 * Everything export-butir reports for one subject's scored questions: `responses[p][i]` is 1 when person p got
 * question i right, `choices[p][i]` what they answered (the option letter for type 1). The total score is the
 * number right in the subject. Fit needs at least two calibrated questions.
 */
export function analisisMapel(
  butir: readonly ButirMasukan[],
  responses: readonly (readonly Response[])[],
  choices: readonly (readonly string[])[],
): AnalisisMapel {
  const n = responses.length;
  const totals = totalsOf(responses);
  const korelasi = n > 0 ? korelasiButirSisa(responses) : butir.map(() => null);
  const calibrated = butir.flatMap((b, i) => (b.difficulty === null ? [] : [i]));
  const fit =
    calibrated.length >= 2
      ? raschFit(
          responses,
          calibrated.map((i) => butir[i].difficulty as number),
          calibrated,
        )
      : null;
  const fitOf = new Map(calibrated.map((column, j) => [column, fit?.items[j] ?? null]));
  return {
    peserta: n,
    kr20: kr20(responses),
    butir: butir.map((b, i): AnalisisButir => {
      let right = 0;
      for (const row of responses) right += row[i];
      const proporsiBenar = n > 0 ? right / n : null;
      const opsi =
        b.opsi.length > 0
          ? sebaranOpsi(
              b.opsi,
              choices.map((row) => row[i]),
              totals,
            )
          : null;
      const itemFit = fitOf.get(i) ?? null;
      return {
        korelasi: korelasi[i],
        proporsiBenar,
        opsi,
        fit: itemFit,
        perhatian: alasanPerhatian({
          kunci: b.opsi.length > 0 ? b.kunci : undefined,
          opsi: opsi ?? undefined,
          korelasi: korelasi[i],
          proporsiBenar,
          fit: itemFit,
        }),
      };
    }),
  };
}

/** Below this a subject's scores are too unreliable to rank students by. */
export const KR20_RENDAH = 0.7;

/** The summary words of a subject's reliability: "KR-20 0,81", with why when it is low or cannot be computed. */
export function kalimatKr20(analysis: AnalisisMapel): string {
  const value = analysis.kr20;
  if (value !== null) return `KR-20 ${angkaId(value)}${value < KR20_RENDAH ? ': reliabilitas rendah' : ''}`;
  if (analysis.butir.length < 2) return 'KR-20 tidak dapat dihitung: kurang dari dua soal dinilai';
  if (analysis.peserta < 2) return 'KR-20 tidak dapat dihitung: kurang dari dua peserta selesai';
  return 'KR-20 tidak dapat dihitung: skor total peserta tidak bervariasi';
}
