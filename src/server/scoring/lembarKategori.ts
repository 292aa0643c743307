/**
 * Every finished answer sheet of one category, judged in bulk (the close of an event, IRT): the classical subject
 * rows writeHasilMapel would write for each attempt, and the 0/1 responses to the scorable questions that the Rasch
 * model needs. Answers are read a slice of attempts at a time (a few queries per slice, never one per attempt), so
 * 100,000 participants fit in memory: what is kept is one byte per response and one row per subject.
 */
import { type RawBuilder, sql } from 'kysely';
import { chunks } from '../db/batch';
import { dialectOf } from '../db/createDb';
import type { Executor } from '../db/executor';
import { judgeAnswer, type Penilaian } from '../domain/scoring';
import { barisKlasik, type HasilMapelRow } from './hasilMapel';
import { kelompokkan } from '../lib/kelompok';
import { bacaKunciKategori, jawabanKosong } from './kunciKategori';

/** Attempts whose answers are read per query. */
const SLICE = 1000;

/** Distinct answers remembered per question (short texts are free: a bound keeps memory flat at 100,000). */
const VERDICTS_PER_QUESTION = 10_000;

/** One attempt's [key, answer] pairs as a JSON array (SQLite: text; PostgreSQL: parsed). */
type PairsRow = { id_hasil_to: number; pairs: unknown };

/**
 * The saved answers of some attempts, one row per attempt holding its [id, answer] pairs as a JSON array: a sheet
 * of 50 answers crosses from the database as one row, not 50 (reading rows one by one was most of a close).
 */
async function answersOf(db: Executor, ids: readonly number[]): Promise<PairsRow[]> {
  const { rows } = await sql<PairsRow>`
    SELECT id_hasil_to, ${jsonPairs(db, sql`id_soal`, sql`jawaban`)} AS pairs FROM jawaban
    WHERE id_hasil_to IN (${sql.join(ids)}) GROUP BY id_hasil_to`.execute(db);
  return rows;
}

/** The aggregate of [key, answer] pairs as a JSON array, in each database's spelling. */
function jsonPairs(db: Executor, key: RawBuilder<unknown>, answer: RawBuilder<unknown>): RawBuilder<unknown> {
  return dialectOf(db) === 'postgres'
    ? sql`json_agg(json_build_array(${key}, ${answer}))`
    : sql`json_group_array(json_array(${key}, ${answer}))`;
}

/**
 * The statement answers of some attempts: one row per answer to a statement question (`idSoal`), holding its
 * [id_soal_group, answer] pairs as a JSON array. The pairs are looked up per answer (a correlated subquery, by the
 * index on jawaban_group.id_jawaban): a join let PostgreSQL hash the whole statement table once per slice, at
 * 100,000 students a scan of a million rows a hundred times per category (most of a close).
 */
async function groupAnswersOf(
  db: Executor,
  ids: readonly number[],
  idSoal: readonly number[],
): Promise<PairsRow[]> {
  const pairs = jsonPairs(db, sql`jawaban_group.id_soal_group`, sql`jawaban_group.jawaban`);
  const { rows } = await sql<PairsRow>`
    SELECT jawaban.id_hasil_to,
      (SELECT ${pairs} FROM jawaban_group WHERE jawaban_group.id_jawaban = jawaban.id) AS pairs
    FROM jawaban
    WHERE jawaban.id_hasil_to IN (${sql.join(ids)}) AND jawaban.id_soal IN (${sql.join(idSoal)})`.execute(db);
  return rows;
}

/** SQLite hands the JSON over as text, PostgreSQL's driver already parsed (null: an aggregate of no rows). */
function parsePairs(value: unknown): [number, string][] {
  return ((typeof value === 'string' ? JSON.parse(value) : value) ?? []) as [number, string][];
}

export interface AttemptRef {
  id: number;
  id_siswa: number;
  id_jadwal: number;
}

export interface Butir {
  id: number;
  id_mapel: number;
}

export interface LembarKategori {
  /** The attempts, in the order given. */
  attempts: AttemptRef[];
  /** Classical rows, per attempt and then per subject in subject order. */
  klasik: HasilMapelRow[];
  /** The scorable questions (not essays; statement questions with statements), subjects and numbers in order. */
  butir: Butir[];
  /** responses[a × butir.length + i]: 1 when attempt a answered butir i right. */
  respons: Uint8Array;
}

export async function bacaLembarKategori(
  database: Executor,
  idKategori: number,
  attempts: readonly AttemptRef[],
  onProgress?: (done: number) => void,
): Promise<LembarKategori> {
  const { mapel, soal, statements } = await bacaKunciKategori(database, idKategori);

  const soalIndex = new Map(soal.map((s, i) => [s.id, i]));
  const statementsOf = kelompokkan(
    statements.map((st, index) => ({ ...st, index })),
    (st) => st.id_soal,
  );
  const statementIndex = new Map(statements.map((st, i) => [st.id, i]));
  const statementSoal = [...statementsOf.keys()];
  // A statement question without statements has nothing to score: the Rasch model leaves it out like an essay.
  const scorable = soal
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => s.type !== 4 && (s.type !== 3 || (statementsOf.get(s.id)?.length ?? 0) > 0));
  const mapelIndex = new Map(mapel.map((m, i) => [m.id, i]));

  // A verdict depends only on the question and the answer, and a hundred thousand sheets hold few distinct
  // answers per question: each is judged once (essays are not scored, so never remembered).
  const remembered = soal.map(() => new Map<string, Penilaian>());
  const verdictOf = (
    i: number,
    s: (typeof soal)[number],
    own: string,
    ofStatements: readonly { kunci: string }[],
    groupAnswers: readonly string[],
  ): Penilaian => {
    const key = groupAnswers.length > 0 ? `${own}\u0000${groupAnswers.join('\u0000')}` : own;
    const known = remembered[i].get(key);
    if (known !== undefined) return known;
    const verdict = judgeAnswer({
      type: s.type,
      jawaban: own,
      kunci: s.kunci,
      group: ofStatements.map((st, k) => ({ kunci: st.kunci, jawaban: groupAnswers[k] })),
    });
    if (s.type !== 4 && remembered[i].size < VERDICTS_PER_QUESTION) remembered[i].set(key, verdict);
    return verdict;
  };

  const klasik: HasilMapelRow[] = [];
  const respons = new Uint8Array(attempts.length * scorable.length);
  let done = 0;
  // A slice's two reads go out together, and the next slice's while this one is judged: PostgreSQL reads on its
  // connections while this process judges (one after the other, each waited half the time for the other).
  const read = (slice: readonly AttemptRef[]) => {
    const ids = slice.map((a) => a.id);
    const reads = Promise.all([
      answersOf(database, ids),
      statementSoal.length > 0 ? groupAnswersOf(database, ids, statementSoal) : Promise.resolve([]),
    ]);
    // Awaited in its turn; a failure meanwhile must not be an unhandled rejection.
    reads.catch(() => undefined);
    return reads;
  };
  const slices = chunks(attempts, SLICE);
  let next = slices.length > 0 ? read(slices[0]) : undefined;
  for (const [index, slice] of slices.entries()) {
    const [answerRows, groupRows] = await (next as ReturnType<typeof read>);
    next = index + 1 < slices.length ? read(slices[index + 1]) : undefined;
    const ids = slice.map((a) => a.id);
    const position = new Map(ids.map((id, i) => [id, i]));
    const jawaban: (string | undefined)[] = new Array(slice.length * soal.length);
    const group: (string | undefined)[] = new Array(slice.length * statements.length);
    for (const row of answerRows) {
      const base = (position.get(row.id_hasil_to) as number) * soal.length;
      for (const [idSoal, value] of parsePairs(row.pairs)) {
        const i = soalIndex.get(idSoal);
        if (i !== undefined) jawaban[base + i] = value;
      }
    }
    for (const row of groupRows) {
      const base = (position.get(row.id_hasil_to) as number) * statements.length;
      for (const [idSoalGroup, value] of parsePairs(row.pairs)) {
        const g = statementIndex.get(idSoalGroup);
        if (g !== undefined) group[base + g] = value;
      }
    }

    slice.forEach((attempt, a) => {
      const verdicts: Penilaian[] = soal.map((s, i) => {
        const own = jawaban[a * soal.length + i] ?? jawabanKosong(s.type);
        const ofStatements = statementsOf.get(s.id);
        const groupAnswers = ofStatements?.map((st) => group[a * statements.length + st.index] ?? '0') ?? [];
        return verdictOf(i, s, own, ofStatements ?? [], groupAnswers);
      });
      const perMapel: Penilaian[][] = mapel.map(() => []);
      soal.forEach((s, i) => perMapel[mapelIndex.get(s.id_mapel) as number].push(verdicts[i]));
      mapel.forEach((m, i) => klasik.push(barisKlasik(attempt, m.id, perMapel[i])));
      const offset = (done + a) * scorable.length;
      scorable.forEach(({ i }, b) => {
        respons[offset + b] = verdicts[i] === 'benar' ? 1 : 0;
      });
    });
    done += slice.length;
    onProgress?.(done);
  }
  return {
    attempts: [...attempts],
    klasik,
    butir: scorable.map(({ s }) => ({ id: s.id, id_mapel: s.id_mapel })),
    respons,
  };
}
