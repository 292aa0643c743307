/**
 * Answer saves on PostgreSQL committed together (a group commit, as SQLite's saves are in db/batching/groupCommit.ts): the
 * saves whose checks end in the same turn of the event loop write their answers, and the clocks they charged, in
 * one statement, one round trip and one commit, instead of one (or, with a clock, four: BEGIN, two writes, COMMIT)
 * each. A clock written without an answer (a status report's) joins the same statement. Each save is acknowledged
 * only once that statement has committed, so nothing is acknowledged before it is durable. The statement is atomic:
 * should it fail, none of it was written, and every save of the batch is written again alone (`sendiri`), so a row
 * that fails fails its own request and no other; a statement question's saves then one after the other, in order.
 *
 * On SQLite, and inside a transaction, every save takes its own way (sendiri.ts), which SQLite groups itself: the
 * choice is made in index.ts.
 */
import type { DirectPostgres } from '../../../db/createDb';
import { larikParameter } from '../../../db/larikParameter';
import {
  antrianPutaran,
  bersamaAtauSendiri,
  dalamJalanPerProses,
  sePutaran,
} from '../../../db/batching/sePutaran';
import { saveBatchRows } from '../../../lib/metrics';
import { penandaSql } from '../penanda';
import { gabungWaktu, gabungWaktuSql, type ClockWrite } from './gabungWaktu';
import { satuPerSoal, urutanPernyataan, type UrutanPernyataan } from './urutanPernyataan';

/** One save's writes: its answer, and its subject's clock when the save charged time. */
export interface TulisanJawaban {
  idJawaban: number;
  /** The answer; ignored for a statement question, whose marker follows its statements. */
  jawaban: string;
  now: number;
  clock: ClockWrite | null;
  /**
   * Only for a statement question: the statements this save answers (a cancel: each of them '0'; the marker alone:
   * none). Its answer is then the marker ('Z' once any statement is answered) of its statements as written.
   */
  pernyataan?: readonly { idJawabanGroup: number; jawaban: string }[];
}

/** A subject's clock written without an answer: a status report, a subject opened. */
interface TulisanWaktu {
  clock: ClockWrite;
}

interface Menunggu {
  tulisan: TulisanJawaban | TulisanWaktu;
  sendiri: () => Promise<void>;
  resolve: () => void;
  reject: (error: unknown) => void;
}

/** Saves waiting for the next shared statement, per database pool. */
const antrian = antrianPutaran<DirectPostgres, Menunggu>();
/** Per database pool: a statement question's saves, one statement after the other (urutanPernyataan.ts). */
const urutan = new WeakMap<DirectPostgres, UrutanPernyataan>();

function urutanOf(pg: DirectPostgres): UrutanPernyataan {
  let u = urutan.get(pg);
  if (u === undefined) {
    u = urutanPernyataan();
    urutan.set(pg, u);
  }
  return u;
}
/**
 * Statements of saves being written at once, by all the server processes of the machine together (each process
 * takes its share, at least 1): further saves gather meanwhile and go together when one ends, as the first starts
 * do (mulaiSekaligus.ts). Without a limit each turn sent its own statement of about 1.4 saves, each holding a
 * connection of the pool through its commit while the saves' reads waited for one.
 */
const DALAM_JALAN = 2;

/**
 * The answers written with `UPDATE … FROM unnest(…)`, the clocks with one multi-row upsert in a data-modifying
 * CTE of the same statement. A clock is merged into the stored one by the same SQL as a clock written alone
 * (gabungWaktu.ts).
 * Statement answers are another CTE; as every part of the statement reads the rows as they were before it, a
 * statement question's marker (penanda.ts) is taken from its stored statements with this statement's own writes put
 * over them.
 */
const SIMPAN_BERSAMA_SQL = `WITH waktu AS (
  INSERT INTO mapel_waktu AS mw (id_hasil_to, id_mapel, sisa_waktu, status, opened_at, last_seen_at)
  SELECT * FROM unnest(${larikParameter(1, 'int4')}, ${larikParameter(2, 'int4')}, ${larikParameter(3, 'int4')},
    ${larikParameter(4, 'int4')}, ${larikParameter(5, 'int8')}, ${larikParameter(6, 'int8')})
  ON CONFLICT (id_hasil_to, id_mapel) ${gabungWaktuSql('mw')}
),
p AS (
  SELECT * FROM unnest(${larikParameter(10, 'int4')}, ${larikParameter(11, 'int4')}, ${larikParameter(12, 'text')})
    AS p(id, id_jawaban, jawaban)
),
pernyataan AS (
  UPDATE jawaban_group AS g SET jawaban = p.jawaban FROM p WHERE g.id = p.id AND g.id_jawaban = p.id_jawaban
)
UPDATE jawaban SET updated_at = v.updated_at, jawaban = CASE WHEN NOT v.tanda THEN v.jawaban
  ELSE ${penandaSql(
    'jawaban_group g LEFT JOIN p ON p.id = g.id AND p.id_jawaban = g.id_jawaban WHERE g.id_jawaban = jawaban.id',
    'COALESCE(p.jawaban, g.jawaban)',
  )} END
FROM unnest(${larikParameter(7, 'int4')}, ${larikParameter(8, 'text')}, ${larikParameter(9, 'int8')},
  ${larikParameter(13, 'bool')}) AS v(id, jawaban, updated_at, tanda)
WHERE jawaban.id = v.id`;

/**
 * Writes one save with the other saves of this turn (see above); `sendiri` writes it alone should the shared
 * statement fail. Resolves once the save is committed.
 */
export function simpanBersama(
  pg: DirectPostgres,
  tulisan: TulisanJawaban,
  sendiri: () => Promise<void>,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (tulisan.pernyataan === undefined) {
      serahkan(pg, { tulisan, sendiri, resolve, reject });
      return;
    }
    // Its marker is read from the statements: it waits for the saves of its question being written.
    urutanOf(pg).serahkan(tulisan.idJawaban, (dijawab) =>
      serahkan(pg, {
        tulisan,
        sendiri,
        resolve: () => {
          dijawab();
          resolve();
        },
        reject: (error) => {
          dijawab();
          reject(error);
        },
      }),
    );
  });
}

/**
 * Writes a subject's clock with the saves of this turn (see above), acknowledged as they are, once the statement
 * has committed; by `sendiri` should it fail.
 */
export function simpanWaktuBersama(
  pg: DirectPostgres,
  clock: ClockWrite,
  sendiri: () => Promise<void>,
): Promise<void> {
  return new Promise<void>((resolve, reject) =>
    serahkan(pg, { tulisan: { clock }, sendiri, resolve, reject }),
  );
}

function serahkan(pg: DirectPostgres, m: Menunggu): void {
  sePutaran(
    antrian,
    pg,
    m,
    (batch) => tulisBersama(pg, batch),
    dalamJalanPerProses(DALAM_JALAN, pg.processes),
  );
}

/** The answer row of a statement question's save; null for any other write. */
function soalPernyataanOf(tulisan: TulisanJawaban | TulisanWaktu): number | null {
  return 'pernyataan' in tulisan && tulisan.pernyataan ? tulisan.idJawaban : null;
}

function tulisBersama(pg: DirectPostgres, batch: readonly Menunggu[]): Promise<void> {
  for (const { tulisan } of batch) {
    const id = soalPernyataanOf(tulisan);
    if (id !== null) urutanOf(pg).dikirim(id);
  }
  // Should the statement fail, a question's saves are written again one after the other, in the order they came.
  const satuSatu = satuPerSoal();
  return bersamaAtauSendiri(
    batch,
    (all) => pg.query('siaptes_simpan_bersama', SIMPAN_BERSAMA_SQL, parameterOf(all.map((m) => m.tulisan))),
    (all) => {
      saveBatchRows.observe(all.length);
      for (const m of all) m.resolve();
    },
    (m) => satuSatu(soalPernyataanOf(m.tulisan), () => m.sendiri().then(m.resolve)),
  );
}

/**
 * The statement's arrays. Each row appears once (an upsert may not change a row twice in one statement): of two
 * saves of one answer (or one statement) the later wins, as it would one after the other; two clocks of one subject are merged as the
 * statement merges a clock into the stored one (gabungWaktu.ts). Rows are sorted by key, so two statements in flight (two workers)
 * lock the rows they share in the same order.
 */
function parameterOf(tulisan: readonly (TulisanJawaban | TulisanWaktu)[]): unknown[] {
  const jawaban = new Map<number, TulisanJawaban>();
  const pernyataan = new Map<number, { idJawabanGroup: number; idJawaban: number; jawaban: string }>();
  const clocks = new Map<string, ClockWrite>();
  for (const t of tulisan) {
    if ('idJawaban' in t) {
      jawaban.set(t.idJawaban, t);
      for (const p of t.pernyataan ?? []) pernyataan.set(p.idJawabanGroup, { ...p, idJawaban: t.idJawaban });
    }
    if (!t.clock) continue;
    const key = `${t.clock.idHasilTo}:${t.clock.idMapel}`;
    const before = clocks.get(key);
    clocks.set(key, before ? gabungWaktu(before, t.clock) : t.clock);
  }
  const rows = [...jawaban.values()].sort((a, b) => a.idJawaban - b.idJawaban);
  const waktu = [...clocks.values()].sort((a, b) => a.idHasilTo - b.idHasilTo || a.idMapel - b.idMapel);
  const grup = [...pernyataan.values()].sort((a, b) => a.idJawabanGroup - b.idJawabanGroup);
  return [
    waktu.map((c) => c.idHasilTo),
    waktu.map((c) => c.idMapel),
    waktu.map((c) => c.sisaWaktu),
    waktu.map((c) => c.status),
    waktu.map((c) => c.openedAt),
    waktu.map((c) => c.lastSeenAt),
    rows.map((t) => t.idJawaban),
    rows.map((t) => t.jawaban),
    rows.map((t) => t.now),
    grup.map((p) => p.idJawabanGroup),
    grup.map((p) => p.idJawaban),
    grup.map((p) => p.jawaban),
    rows.map((t) => t.pernyataan !== undefined),
  ];
}
