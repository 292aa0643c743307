/**
 * Who takes an imported schedule and their university choices, written inside the import's transaction
 * (imporPaket.ts) once the whole file has been checked.
 */
import type { Transaction } from 'kysely';
import { chunks, insertRows, insertRowsReturningIds } from '../db/batch';
import type { Database } from '../db/types';
import type { PaketFile } from './paketFormat';

/** The schedule's students become exactly the enrolled ones. */
export async function tulisPeserta(trx: Transaction<Database>, idJadwal: number, peserta: readonly number[]) {
  const now = await trx
    .selectFrom('jadwal_peserta')
    .select('id_siswa')
    .where('id_jadwal', '=', idJadwal)
    .execute();
  const have = new Set(now.map((r) => r.id_siswa));
  const want = new Set(peserta);
  const gone = [...have].filter((id) => !want.has(id));
  for (const chunk of chunks(gone))
    await trx
      .deleteFrom('jadwal_peserta')
      .where('id_jadwal', '=', idJadwal)
      .where('id_siswa', 'in', chunk)
      .execute();
  await insertRows(
    trx,
    'jadwal_peserta',
    peserta.filter((id) => !have.has(id)).map((id_siswa) => ({ id_jadwal: idJadwal, id_siswa })),
  );
}

/** Programmes are matched by university, programme and level; a listed student's choices are replaced. */
export async function tulisPtn(
  trx: Transaction<Database>,
  ptn: PaketFile['ptn'],
  pilihanSiswa: ReadonlyMap<string, number>,
): Promise<void> {
  if (!ptn) return;
  const idProdi = new Map<string, number>();
  for (const p of ptn.prodi) {
    const found = await trx
      .selectFrom('prodi')
      .select('id')
      .where('universitas', '=', p.universitas)
      .where('jurusan', '=', p.jurusan)
      .where('jenjang', '=', p.jenjang)
      .orderBy('id')
      .executeTakeFirst();
    const row = {
      universitas: p.universitas,
      jurusan: p.jurusan,
      jenjang: p.jenjang,
      grade: p.grade,
      kapasitas: p.kapasitas,
    };
    if (found) {
      await trx.updateTable('prodi').set(row).where('id', '=', found.id).execute();
      idProdi.set(p.kode, found.id);
    } else {
      const [id] = await insertRowsReturningIds(trx, 'prodi', [row]);
      idProdi.set(p.kode, id);
    }
  }
  for (const p of ptn.pilihan) {
    const idSiswa = pilihanSiswa.get(p.username) as number;
    await trx.deleteFrom('pilihan_siswa').where('id_siswa', '=', idSiswa).execute();
    await insertRows(
      trx,
      'pilihan_siswa',
      p.pilihan.map((kode, i) => ({
        id_siswa: idSiswa,
        num_option: i + 1,
        id_prodi: idProdi.get(kode) as number,
      })),
    );
  }
}
