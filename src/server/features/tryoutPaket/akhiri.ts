/** `POST /siswa/tryout/end/id/:id/kategori/:categoryHash`: ends a category once every subject is closed. */
import type { Config } from '../../config';
import type { Executor } from '../../db/executor';
import type { Siswa } from '../../db/siswa';
import { tandaiSelesai, writeHasilMapel } from '../../scoring/hasilMapel';
import { isWallClock, kategoriContext } from './konteks';
import { findAttempt } from './queries/hasilTo';
import { listClocks } from './queries/mapelWaktu';
import { mapelKategori } from './isiPaket';
import { gagal } from '../../lib/respons';
import { PESAN } from './teks';
import { settleClocks } from './waktu';

export async function akhiriPaket(
  q: Executor,
  input: { idJadwal: number; hash: string; siswa: Siswa; config: Config; now: number },
): Promise<{ status: boolean; message: string }> {
  const { siswa, now } = input;
  const { jadwal, kategori } = await kategoriContext(q, input.idJadwal, input.hash, siswa.id);
  const attempt = await findAttempt(q, kategori.id, siswa.id);
  if (!attempt) return gagal(PESAN.belumDimulai);
  if (attempt.is_selesai === 1) return { status: true, message: PESAN.sudahDiakhiri };

  const clocks = await settleClocks(q, {
    idHasilTo: attempt.id,
    jadwal,
    mapel: await mapelKategori(q, jadwal, kategori.id),
    rows: await listClocks(q, [attempt.id]),
    wallClock: isWallClock(jadwal, siswa, input.config),
    now,
  });
  if (clocks.some((c) => c.clock.status === 0)) return gagal(PESAN.belumSemuaMapel);

  // Classical results are written with the end; an event package is rescored by IRT later.
  await q.transaction().execute(async (trx) => {
    if (await tandaiSelesai(trx, attempt.id, now)) await writeHasilMapel(trx, attempt.id);
  });
  return { status: true, message: PESAN.berhasilDiakhiri };
}
