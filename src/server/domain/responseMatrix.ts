/**
 * The 0/1 response matrix the Rasch and item-analysis rules read: rows are persons, columns items. Pure, no I/O.
 *
 * At event size (100,000 persons × 200 items) an array per person costs more in allocation and garbage collection
 * than the statistics themselves, so the rules work on one byte array, row-major; arrays of rows are packed into it
 * once at the entry of each rule.
 */

/** One response: 1 right, 0 otherwise (blank and wrong alike). */
export type Response = 0 | 1;

/** Person p's response to item i is `cells[p * items + i]`, always 0 or 1. */
export interface ResponseMatrix {
  readonly persons: number;
  readonly items: number;
  readonly cells: Uint8Array;
}

/** Either form a caller holds: rows of responses, or a matrix already packed (as `npm run irt` reads a CSV). */
export type Responses = readonly (readonly Response[])[] | ResponseMatrix;

function isPacked(responses: Responses): responses is ResponseMatrix {
  return 'cells' in responses;
}

/** Persons in either form, without packing. */
export function personCount(responses: Responses): number {
  return isPacked(responses) ? responses.persons : responses.length;
}

/** Items in either form (0 without persons), without packing. */
export function itemCount(responses: Responses): number {
  if (isPacked(responses)) return responses.items;
  return responses.length === 0 ? 0 : responses[0].length;
}

/**
 * The packed matrix; throws naming the first row of the wrong length or with a value other than 0/1 (an empty
 * matrix, or one without items, is returned as is: each rule decides what that means). A matrix already packed is
 * returned as it is: whoever packed it wrote only 0s and 1s.
 */
export function packResponses(responses: Responses): ResponseMatrix {
  if (isPacked(responses)) {
    if (responses.cells.length !== responses.persons * responses.items) {
      throw new Error('Ukuran matriks respons tidak sesuai isinya');
    }
    return responses;
  }
  const persons = responses.length;
  const items = persons === 0 ? 0 : responses[0].length;
  const cells = new Uint8Array(persons * items);
  for (let p = 0; p < persons; p++) {
    const row = responses[p];
    if (row.length !== items)
      throw new Error(`Baris ${p + 1} memiliki ${row.length} kolom, seharusnya ${items}`);
    const base = p * items;
    for (let i = 0; i < items; i++) {
      const value = row[i];
      if (value !== 0 && value !== 1) throw new Error(`Baris ${p + 1} berisi nilai selain 0/1`);
      cells[base + i] = value;
    }
  }
  return { persons, items, cells };
}

/** What the Rasch rules need of a matrix over some columns: under the model a person is known by the raw score. */
export interface ScoreTable {
  /** Person p's raw score over the columns. */
  scores: Int32Array;
  /** Entry r (0..m for m columns): how many persons have raw score r. */
  byScore: Int32Array;
  /** Entry r · m + j: how many persons with raw score r got column j right. */
  right: Int32Array;
}

const lastTable = new WeakMap<ResponseMatrix, { columns: readonly number[]; table: ScoreTable }>();

function sameColumns(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((column, j) => column === b[j]);
}

/**
 * The score table over the given columns (all when omitted), in one pass over the matrix. The last table of each
 * matrix is kept: calibration, fit, reliability and the persons' scores of one analysis read the same one, and a
 * packed matrix is not changed after packing. The table is shared, so read-only.
 */
export function scoreTable(matrix: ResponseMatrix, columns?: readonly number[]): ScoreTable {
  const { persons, items, cells } = matrix;
  const over = columns ?? Array.from({ length: items }, (_, j) => j);
  const last = lastTable.get(matrix);
  if (last && sameColumns(last.columns, over)) return last.table;
  const m = over.length;
  const all = sameColumns(
    over,
    Array.from({ length: items }, (_, j) => j),
  );
  const scores = new Int32Array(persons);
  const byScore = new Int32Array(m + 1);
  const right = new Int32Array((m + 1) * m);
  for (let p = 0, base = 0; p < persons; p++, base += items) {
    let r = 0;
    if (all) for (let j = 0; j < m; j++) r += cells[base + j];
    else for (let j = 0; j < m; j++) r += cells[base + over[j]];
    scores[p] = r;
    byScore[r]++;
    const row = r * m;
    if (all) for (let j = 0; j < m; j++) right[row + j] += cells[base + j];
    else for (let j = 0; j < m; j++) right[row + j] += cells[base + over[j]];
  }
  const table = { scores, byScore, right };
  lastTable.set(matrix, { columns: [...over], table });
  return table;
}
