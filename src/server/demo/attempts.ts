import type { Insertable, Transaction } from 'kysely';
import type {
  Database,
  HasilMapelTable,
  JawabanGroupTable,
  JawabanTable,
  MapelWaktuTable,
} from '../db/types';
import { insertRows, insertRowsReturningIds } from '../db/batch';
import type { JadwalSeed } from './packages';
import type { Rng } from './random';
import { skorKategori, type LembarJawaban } from './responses';

/** Finished package attempts: hasil_to, jawaban, jawaban_group, mapel_waktu and hasil_mapel rows, batched. */

export interface AttemptPlan {
  idSiswa: number;
  jadwal: JadwalSeed;
  lembar: LembarJawaban;
  /** When the student opened the first category. */
  startedAt: number;
}

const MINUTE = 60_000;

interface CategoryTiming {
  startedAt: number;
  endedAt: number;
  /** Per subject: opened, last seen, remaining seconds. */
  mapel: { openedAt: number; lastSeenAt: number; sisa: number }[];
}

/** Subjects run back to back; each used most of its time, the categories ~10 minutes apart. */
function timings(rng: Rng, plan: AttemptPlan): CategoryTiming[] {
  let clock = plan.startedAt;
  return plan.jadwal.kategori.map((kategori) => {
    const startedAt = clock;
    const mapel = kategori.mapel.map((m) => {
      const total = m.waktu * 60;
      const sisa = rng.chance(0.3) ? 0 : rng.int(0, Math.floor(total * 0.35));
      const openedAt = clock + rng.int(5, 40) * 1000;
      const lastSeenAt = openedAt + (total - sisa) * 1000;
      clock = lastSeenAt;
      return { openedAt, lastSeenAt, sisa };
    });
    const endedAt = clock + rng.int(10, 60) * 1000;
    clock = endedAt + rng.int(5, 15) * MINUTE;
    return { startedAt, endedAt, mapel };
  });
}

export async function insertAttempts(
  trx: Transaction<Database>,
  rng: Rng,
  plans: readonly AttemptPlan[],
): Promise<number> {
  const rows = plans.flatMap((plan) => {
    const timing = timings(rng, plan);
    return plan.jadwal.kategori.map((kategori, k) => ({ plan, kategori, timing: timing[k] }));
  });
  const hasilIds = await insertRowsReturningIds(
    trx,
    'hasil_to',
    rows.map(({ plan, kategori, timing }) => ({
      id_jadwal: plan.jadwal.id,
      id_kategori: kategori.id,
      id_siswa: plan.idSiswa,
      started_at: timing.startedAt,
      ended_at: timing.endedAt,
      is_selesai: 1,
    })),
  );

  const jawaban: Insertable<JawabanTable>[] = [];
  const groupSources: { index: number; soalGroupIds: number[]; answers: string[] }[] = [];
  const waktu: Insertable<MapelWaktuTable>[] = [];
  const hasilMapel: Insertable<HasilMapelTable>[] = [];
  rows.forEach(({ plan, kategori, timing }, r) => {
    const idHasilTo = hasilIds[r];
    kategori.mapel.forEach((mapel, m) => {
      const t = timing.mapel[m];
      waktu.push({
        id_hasil_to: idHasilTo,
        id_mapel: mapel.id,
        sisa_waktu: t.sisa,
        status: 1,
        opened_at: t.openedAt,
        last_seen_at: t.lastSeenAt,
      });
      const span = Math.max(1, t.lastSeenAt - t.openedAt);
      for (const soal of mapel.soal) {
        const answer = plan.lembar.get(soal.id) ?? {
          jawaban: soal.type === 1 || soal.type === 3 ? '0' : '',
          group: [],
        };
        if (soal.type === 3) {
          groupSources.push({ index: jawaban.length, soalGroupIds: soal.groupIds, answers: answer.group });
        }
        jawaban.push({
          id_hasil_to: idHasilTo,
          id_soal: soal.id,
          jawaban: answer.jawaban,
          updated_at: t.openedAt + Math.floor((span * soal.nomor) / (mapel.soal.length + 1)),
        });
      }
    });
    for (const skor of skorKategori(plan.jadwal, kategori.id, plan.lembar)) {
      hasilMapel.push({
        ...skor,
        id_hasil_to: idHasilTo,
        id_siswa: plan.idSiswa,
        id_jadwal: plan.jadwal.id,
        metode: 'klasik',
        theta: null,
      });
    }
  });

  const jawabanIds = await insertRowsReturningIds(trx, 'jawaban', jawaban);
  const groups: Insertable<JawabanGroupTable>[] = groupSources.flatMap(({ index, soalGroupIds, answers }) =>
    soalGroupIds.map((idSoalGroup, i) => ({
      id_jawaban: jawabanIds[index],
      id_soal_group: idSoalGroup,
      jawaban: answers[i] ?? '0',
    })),
  );
  await insertRows(trx, 'jawaban_group', groups);
  await insertRows(trx, 'mapel_waktu', waktu);
  await insertRows(trx, 'hasil_mapel', hasilMapel);
  return hasilIds.length;
}
