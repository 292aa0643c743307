/** `npm run siaptes -- laporan daftar|ambil|hapus` (README "Support"). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { toCsv } from '../operator/csv';
import { daftarLaporan, eksporLaporan, hapusLaporan } from '../operator/laporan';
import { SalahPakai, type Argumen } from './argumen';
import type { PerintahDeps } from './siaptesPerintah';

/** A report code as the student reads it out: case and the dash are forgiven. */
function kodeDari(raw: string | undefined): string {
  const huruf = (raw ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (huruf.length !== 8) throw new SalahPakai(`"${raw ?? ''}" is not a report code (XXXX-XXXX)`);
  return `${huruf.slice(0, 4)}-${huruf.slice(4)}`;
}

/** `--sejak 2026-12-01`: from that day's start in Jakarta (WIB), where the students are. */
function sejakDari(raw: string | true | undefined): number | undefined {
  if (raw === undefined) return undefined;
  if (raw === true || !/^\d{4}-\d{2}-\d{2}$/.test(raw))
    throw new SalahPakai('--sejak needs a date YYYY-MM-DD');
  const at = Date.parse(`${raw}T00:00:00+07:00`);
  if (Number.isNaN(at)) throw new SalahPakai(`--sejak: "${raw}" is not a date`);
  return at;
}

const waktu = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

export async function laporan(deps: PerintahDeps, args: Argumen): Promise<number> {
  const [sub, kodeMentah, ...lebih] = args.positional;
  const { konsol } = deps;
  if (sub === 'daftar') {
    if (kodeMentah !== undefined) throw new SalahPakai('laporan daftar takes no code');
    const siswa = args.flags.get('--siswa');
    const rows = await daftarLaporan(deps.db, {
      sejak: sejakDari(args.flags.get('--sejak')),
      username: typeof siswa === 'string' ? siswa : undefined,
    });
    konsol.out(
      toCsv(
        ['kode', 'waktu', 'siswa', 'pesan'],
        rows.map((row) => [row.kode, waktu(row.dibuat_at), row.username, row.pesan]),
      ),
    );
    return 0;
  }
  if ((sub !== 'ambil' && sub !== 'hapus') || lebih.length > 0)
    throw new SalahPakai('laporan needs "daftar", "ambil KODE --out FILE" or "hapus KODE"');
  const kode = kodeDari(kodeMentah);
  if (sub === 'hapus') {
    if (!(await hapusLaporan(deps.db, kode))) {
      konsol.err(`No report ${kode}.\n`);
      return 1;
    }
    konsol.out(`Report ${kode} deleted.\n`);
    return 0;
  }
  const out = args.flags.get('--out');
  if (typeof out !== 'string') throw new SalahPakai('laporan ambil needs --out FILE');
  const ekspor = await eksporLaporan(deps.db, kode);
  if (ekspor === undefined) {
    konsol.err(`No report ${kode}.\n`);
    return 1;
  }
  const file = path.resolve(deps.cwd, out);
  // Byte for byte what the page sent: the extension's Import and the replay harness read it as it is.
  writeFileSync(file, ekspor);
  konsol.out(`Report ${kode} written to ${file} (Redux DevTools → Import, or QA's replays).\n`);
  return 0;
}
