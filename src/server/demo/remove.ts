import type { Executor } from '../db/executor';
import { chunks } from '../db/batch';
import { demoAccountsIn } from './accounts';
import { JADWAL } from './catalog';

export interface DemoRemoved {
  /** Demo accounts and synthetic participants deleted. */
  siswa: number;
  /** Demo schedules deleted, with their packages. */
  jadwal: number;
  /** Package and per-topic attempts that went with them. */
  percobaan: number;
  /** Demo-named schedules kept because real students are enrolled in them. */
  jadwalDipertahankan: { id: number; nama: string }[];
}

/** Package and per-topic attempts of these students. */
async function attemptsOf(db: Executor, siswa: number[]): Promise<number> {
  let total = 0;
  for (const chunk of chunks(siswa)) {
    for (const table of ['hasil_to', 'materi_hasil'] as const) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .where('id_siswa', 'in', chunk)
        .executeTakeFirstOrThrow();
      total += Number(row.n);
    }
  }
  return total;
}

/**
 * `siaptes demo remove`: deletes the demo accounts, the synthetic participants and the demo schedules; their
 * attempts, answers, clocks, scores, ranks, choices and sessions go with them (the tables' ON DELETE CASCADE). A
 * schedule is a demo schedule by the demo catalog's package number and name, and only while every student
 * enrolled in it is a demo student: one an institution enrolled its own students in is kept and reported. The
 * per-topic tryouts and the university programmes stay (the operator's tool has no import for them).
 */
export async function removeDemo(db: Executor): Promise<DemoRemoved> {
  return db.transaction().execute(async (trx) => {
    const synthetic = await trx.selectFrom('siswa').select('id').where('is_synthetic', '=', 1).execute();
    const siswa = new Set([
      ...(await demoAccountsIn(trx)).map((row) => row.id),
      ...synthetic.map((row) => row.id),
    ]);

    const named = await trx
      .selectFrom('jadwal')
      .select(['id', 'paket', 'nama'])
      .where(
        'nama',
        'in',
        JADWAL.map((j) => j.nama),
      )
      .execute();
    const jadwal: number[] = [];
    const jadwalDipertahankan: DemoRemoved['jadwalDipertahankan'] = [];
    for (const row of named) {
      if (!JADWAL.some((j) => j.nama === row.nama && j.paket === row.paket)) continue;
      const peserta = await trx
        .selectFrom('jadwal_peserta')
        .select('id_siswa')
        .where('id_jadwal', '=', row.id)
        .execute();
      if (peserta.every((p) => siswa.has(p.id_siswa))) jadwal.push(row.id);
      else jadwalDipertahankan.push({ id: row.id, nama: row.nama });
    }

    // A demo schedule deleted here has only demo students, so their attempts are all of its attempts.
    const percobaan = await attemptsOf(trx, [...siswa]);
    for (const chunk of chunks(jadwal)) await trx.deleteFrom('jadwal').where('id', 'in', chunk).execute();
    for (const chunk of chunks([...siswa])) await trx.deleteFrom('siswa').where('id', 'in', chunk).execute();
    return { siswa: siswa.size, jadwal: jadwal.length, percobaan, jadwalDipertahankan };
  });
}
