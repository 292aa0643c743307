/**
 * The operator commands behind `npm run siaptes -- <command>` (README "Operators"), on a given database so tests
 * run them as the CLI does. Each returns the exit code: 0 done, 1 the input has problems (nothing written), 2 the
 * command line is wrong.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import type { Executor } from '../db/executor';
import { toCsv } from '../operator/csv';
import { barisButir, barisHasil } from '../operator/ekspor';
import { csvDenganBom, formatKeluar, tulisXlsx } from '../operator/tabelKeluar';
import { JadwalTidakAda } from '../operator/hasilJadwal';
import { imporPaket } from '../operator/imporPaket';
import { imporSiswa } from '../operator/imporSiswa';
import { FileBermasalah, formatMasalah } from '../operator/masalah';
import { paketJsonSchema } from '../operator/paketFormat';
import { bacaJson } from '../operator/bacaJson';
import { bacaTabelSiswa } from '../operator/tabelSiswa';
import { bacaFileSoal, kalimatTidakDidukung, muatSoalFile } from '../operator/soalFile/muatSoalFile';
import { tutupJadwal } from '../operator/tutup';
import { removeDemo } from '../demo/remove';
import { cadangkanSqlite, CadanganTidakBisa } from '../operator/cadangan';
import { SalahPakai, type Argumen } from './argumen';
import { laporan } from './laporanPerintah';

export interface Konsol {
  out(text: string): void;
  err(text: string): void;
  /** Whether err is a terminal (the progress bar redraws one line there). */
  tty: boolean;
}

export interface PerintahDeps {
  db: Executor;
  config: Config;
  now: () => number;
  konsol: Konsol;
  /** Where relative paths are read and written. */
  cwd: string;
}

export const SCHEMA_PATH = 'src/server/operator/paket.schema.json';

export const BANTUAN = `SiapTes operator commands (DATABASE_URL as for the server):

  npm run siaptes -- import-siswa FILE.csv|FILE.xlsx [--passwords OUT.csv] [--dry-run]
      Creates or updates students by username. New students without a password column get a generated
      password, written once to OUT.csv (default FILE-passwords.csv beside FILE.csv).
  npm run siaptes -- import-paket FILE.json [--dry-run] [--skip-unsupported]
      Creates or updates a package and its schedule (format: ${SCHEMA_PATH}). A subject's questions may come
      from a soal_file: Moodle XML, GIFT, QTI 2.x (item or content package .zip) or Excel (.xlsx). Questions we
      cannot score as written are refused by name; --skip-unsupported imports the rest and lists them.
  npm run siaptes -- convert-soal FILE [--skip-unsupported]
      Prints a question file's questions as the package JSON "soal" array (to look at, edit, or paste).
  npm run siaptes -- export-hasil JADWAL_ID [--out FILE.csv|FILE.xlsx]
      The results of a schedule, one row per student (standard output without --out).
  npm run siaptes -- export-butir JADWAL_ID [--out FILE.csv|FILE.xlsx]
      Item statistics of a schedule: proportion right, IRT difficulty and SE per question.
  npm run siaptes -- close JADWAL_ID
      Closes the schedule now, ends running attempts and re-scores everything (IRT for an event).
  npm run siaptes -- jadwal
      Lists the schedules with their ids.
  npm run siaptes -- backup FILE
      Copies the SQLite database into FILE while the server runs (on PostgreSQL: says how to use pg_dump).
  npm run siaptes -- laporan daftar [--sejak YYYY-MM-DD] [--siswa USERNAME]
      Lists students' problem reports: code, time, student and sentence (README "Support").
  npm run siaptes -- laporan ambil KODE --out FILE.json
      Writes a report's Redux DevTools export, ready for the extension's Import and for QA's replay harness.
  npm run siaptes -- laporan hapus KODE
      Deletes one report (reports older than LAPORAN_SIMPAN_HARI days are deleted by the server).
  npm run siaptes -- demo remove
      Deletes the demo accounts, the synthetic participants, the demo schedules and their attempts.
  npm run siaptes -- schema [--write]
      Prints the package JSON Schema (--write: updates ${SCHEMA_PATH}).
`;

const WITH_VALUE = new Set(['--passwords', '--out', '--sejak', '--siswa']);

function parseArgs(argv: readonly string[]): Argumen {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (!arg.startsWith('--')) positional.push(arg);
    else if (WITH_VALUE.has(arg)) {
      const value = argv[i + 1];
      if (value === undefined || value.startsWith('--')) throw new SalahPakai(`${arg} needs a value`);
      flags.set(arg, value);
      i += 1;
    } else if (['--dry-run', '--write', '--help', '--skip-unsupported'].includes(arg)) flags.set(arg, true);
    else throw new SalahPakai(`unknown option ${arg}`);
  }
  return { positional, flags };
}

function satuBerkas(args: Argumen, what: string): string {
  if (args.positional.length !== 1) throw new SalahPakai(`give exactly one ${what}`);
  return args.positional[0];
}

function idJadwal(args: Argumen): number {
  const raw = satuBerkas(args, 'schedule id (see `npm run siaptes -- jadwal`)');
  if (!/^[1-9][0-9]*$/.test(raw)) throw new SalahPakai(`"${raw}" is not a schedule id`);
  return Number(raw);
}

/** A progress bar on one redrawn line in a terminal, every tenth otherwise (logs stay short). */
export function progressBar(konsol: Konsol, label: string): (done: number, total: number) => void {
  let lastTenth = -1;
  return (done, total) => {
    const share = total === 0 ? 1 : done / total;
    const width = 30;
    const filled = Math.round(share * width);
    const line = `${label} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`;
    if (konsol.tty) {
      konsol.err(`\r${line}${done === total ? '\n' : ''}`);
      return;
    }
    const tenth = Math.floor(share * 10);
    if (tenth !== lastTenth || done === total) {
      lastTenth = tenth;
      konsol.err(`${line}\n`);
    }
  };
}

const tanggal = (ms: number) => new Date(ms).toISOString();

async function importSiswa(deps: PerintahDeps, args: Argumen): Promise<number> {
  const file = path.resolve(deps.cwd, satuBerkas(args, 'CSV file'));
  const dryRun = args.flags.has('--dry-run');
  const output = path.resolve(
    deps.cwd,
    (args.flags.get('--passwords') as string | undefined) ??
      path.join(path.dirname(file), `${path.basename(file, path.extname(file))}-passwords.csv`),
  );
  const { tabel, catatan } = await bacaTabelSiswa(readFileSync(file), path.basename(file));
  for (const line of catatan) deps.konsol.err(`${line}\n`);
  const hasil = await imporSiswa(deps.db, path.basename(file), tabel, { dryRun: true });
  // Passwords are shown once: an earlier list is never overwritten, so check before anything is written.
  if (hasil.passwordBaru.length > 0 && existsSync(output) && !dryRun)
    throw new SalahPakai(`${output} already exists; move it away or choose another with --passwords`);
  if (dryRun) {
    deps.konsol.out(
      `Dry run, nothing written: ${hasil.dibuat} new and ${hasil.diperbarui} existing student(s); ` +
        `${hasil.passwordBaru.length} password(s) would be generated.\n`,
    );
    return 0;
  }
  const written = await imporSiswa(deps.db, path.basename(file), tabel, { now: deps.now() });
  deps.konsol.out(`Students: ${written.dibuat} created, ${written.diperbarui} updated.\n`);
  if (written.passwordBaru.length > 0) {
    writeFileSync(
      output,
      // With a byte-order mark: Excel opens accented names right.
      csvDenganBom({
        header: ['username', 'nama_lengkap', 'password'],
        rows: written.passwordBaru.map((p) => [p.username, p.nama_lengkap, p.password]),
      }),
      { mode: 0o600, flag: 'wx' },
    );
    deps.konsol.out(
      `${written.passwordBaru.length} generated password(s) written to ${output}; hand them out and keep the file safe ` +
        '(they are not stored anywhere else).\n',
    );
  }
  return 0;
}

async function importPaket(deps: PerintahDeps, args: Argumen): Promise<number> {
  const file = path.resolve(deps.cwd, satuBerkas(args, 'JSON file'));
  const name = path.basename(file);
  const dimuat = await muatSoalFile(bacaJson(readFileSync(file, 'utf8'), name), name, path.dirname(file), {
    skipUnsupported: args.flags.has('--skip-unsupported'),
  });
  if (dimuat.masalah.length > 0) throw new FileBermasalah(dimuat.masalah);
  for (const line of dimuat.catatan) deps.konsol.err(`${line}\n`);
  const hasil = await imporPaket(deps.db, name, dimuat.data, deps.config, {
    dryRun: args.flags.has('--dry-run'),
  });
  const soal = hasil.kategori.flatMap((k) => k.mapel.flatMap((m) => m.soal)).length;
  const mapel = hasil.kategori.flatMap((k) => k.mapel).length;
  deps.konsol.out(
    `${hasil.dryRun ? 'Dry run, nothing written: would have ' : ''}${hasil.baru ? 'created' : 'updated'} ` +
      `schedule id ${hasil.idJadwal}: ${hasil.kategori.length} categories, ${mapel} subjects, ${soal} questions, ` +
      `${hasil.peserta} enrolled students, from ${tanggal(hasil.tglAwal)} to ${tanggal(hasil.tglAkhir)}` +
      `${hasil.percobaan > 0 ? ` (${hasil.percobaan} attempts exist: texts only)` : ''}.\n`,
  );
  return 0;
}

async function convertSoal(deps: PerintahDeps, args: Argumen): Promise<number> {
  const file = path.resolve(deps.cwd, satuBerkas(args, 'question file'));
  const hasil = await bacaFileSoal(file);
  if (typeof hasil === 'string') throw new FileBermasalah([{ tempat: path.basename(file), pesan: hasil }]);
  const skip = args.flags.has('--skip-unsupported');
  if (hasil.tidakDidukung.length > 0 && !skip)
    throw new FileBermasalah(
      hasil.tidakDidukung.map((t) => ({
        tempat: path.basename(file),
        pesan: `${kalimatTidakDidukung(t)} (--skip-unsupported converts the rest)`,
      })),
    );
  for (const d of hasil.dilewati) deps.konsol.err(`left out ${d}\n`);
  for (const t of hasil.tidakDidukung) deps.konsol.err(`skipped ${kalimatTidakDidukung(t)}\n`);
  deps.konsol.err(`${hasil.soal.length} question(s) (${hasil.format}).\n`);
  deps.konsol.out(`${JSON.stringify(hasil.soal, null, 2)}\n`);
  return 0;
}

async function ekspor(deps: PerintahDeps, args: Argumen, jenis: 'hasil' | 'butir'): Promise<number> {
  const id = idJadwal(args);
  const out = args.flags.get('--out');
  const format = typeof out === 'string' ? formatKeluar(out) : 'csv';
  if (format === null) throw new SalahPakai(`--out ${String(out)}: write .csv or .xlsx`);
  const tabel =
    jenis === 'hasil'
      ? await barisHasil(deps.db, id, deps.now())
      : await barisButir(deps.db, id, deps.now(), progressBar(deps.konsol, 'Reading answers'));
  if (typeof out !== 'string') {
    deps.konsol.out(toCsv(tabel.header, tabel.rows));
    return 0;
  }
  const target = path.resolve(deps.cwd, out);
  writeFileSync(target, format === 'xlsx' ? await tulisXlsx(tabel, jenis) : csvDenganBom(tabel));
  deps.konsol.err(`Written to ${target} (${tabel.rows.length} rows).\n`);
  return 0;
}

async function close(deps: PerintahDeps, args: Argumen): Promise<number> {
  const s = await tutupJadwal(deps.db, idJadwal(args), deps.now(), {
    onProgress: progressBar(deps.konsol, 'Scoring attempts'),
    onTunggu: () =>
      deps.konsol.err('Another process is closing this schedule: waiting for it to finish...\n'),
  });
  deps.konsol.out(
    [
      `Schedule ${s.idJadwal} (Paket #${s.paket}) ${s.ditutupSekarang ? 'closed now' : 'was already closed'}.`,
      `Running attempts ended: ${s.percobaanDiakhiri}; finished attempts scored: ${s.percobaanDinilai}.`,
      s.mapelIrt.total > 0
        ? `IRT: ${s.mapelIrt.calibrated} of ${s.mapelIrt.total} subjects calibrated` +
          (s.mapelIrt.calibrated < s.mapelIrt.total
            ? ' (the others keep classical scores: under 30 participants)'
            : '') +
          '.'
        : 'Classical scores (not an event).',
      `Ranked students: ${s.peserta}; highest score: ${s.skorTertinggi ?? '-'}; passing a PTN choice: ${s.lulusPtn}.`,
    ].join('\n') + '\n',
  );
  return 0;
}

async function daftarJadwal(deps: PerintahDeps): Promise<number> {
  const rows = await deps.db
    .selectFrom('jadwal')
    .select(['id', 'paket', 'nama', 'tgl_awal', 'tgl_akhir', 'is_event'])
    .orderBy('id')
    .execute();
  deps.konsol.out(
    toCsv(
      ['id', 'paket', 'nama', 'tgl_awal', 'tgl_akhir', 'event'],
      rows.map((r) => [
        r.id,
        r.paket,
        r.nama,
        tanggal(Number(r.tgl_awal)),
        tanggal(Number(r.tgl_akhir)),
        r.is_event,
      ]),
    ),
  );
  return 0;
}

async function backup(deps: PerintahDeps, args: Argumen): Promise<number> {
  const file = path.resolve(deps.cwd, satuBerkas(args, 'backup file'));
  const pages = await cadangkanSqlite(deps.config.databaseUrl, file);
  deps.konsol.out(`Backed up ${pages} pages to ${file}, readable by this user only (mode 0600).\n`);
  return 0;
}

async function demo(deps: PerintahDeps, args: Argumen): Promise<number> {
  if (args.positional.length !== 1 || args.positional[0] !== 'remove')
    throw new SalahPakai('demo needs "remove"');
  const removed = await removeDemo(deps.db);
  deps.konsol.out(
    `Demo data removed: ${removed.siswa} students, ${removed.jadwal} schedules, ${removed.percobaan} attempts.\n` +
      removed.jadwalDipertahankan
        .map((j) => `Kept schedule ${j.id} (${j.nama}): students of your own are enrolled in it.\n`)
        .join(''),
  );
  return 0;
}

function schema(deps: PerintahDeps, args: Argumen): number {
  if (!args.flags.has('--write')) {
    deps.konsol.out(paketJsonSchema());
    return 0;
  }
  const target = path.resolve(deps.cwd, SCHEMA_PATH);
  writeFileSync(target, paketJsonSchema());
  deps.konsol.err(`Written ${target}\n`);
  return 0;
}

/** Each command by the word that names it. */
const PERINTAH = new Map<string, (deps: PerintahDeps, args: Argumen) => number | Promise<number>>([
  ['import-siswa', importSiswa],
  ['import-paket', importPaket],
  ['convert-soal', convertSoal],
  ['export-hasil', (deps, args) => ekspor(deps, args, 'hasil')],
  ['export-butir', (deps, args) => ekspor(deps, args, 'butir')],
  ['close', close],
  ['jadwal', (deps) => daftarJadwal(deps)],
  ['schema', schema],
  ['demo', demo],
  ['backup', backup],
  ['laporan', laporan],
]);

export async function jalankan(argv: readonly string[], deps: PerintahDeps): Promise<number> {
  const [command, ...rest] = argv;
  try {
    const args = parseArgs(rest);
    if (command === undefined || command === 'help' || command === '--help') {
      deps.konsol.out(BANTUAN);
      return 0;
    }
    const perintah = PERINTAH.get(command);
    if (!perintah) throw new SalahPakai(`unknown command "${command}"`);
    return await perintah(deps, args);
  } catch (error) {
    if (error instanceof FileBermasalah) {
      deps.konsol.err(
        `${formatMasalah(error.masalah)}\n${error.masalah.length} problem(s) found; nothing was written.\n`,
      );
      return 1;
    }
    if (error instanceof CadanganTidakBisa) {
      deps.konsol.err(error.message);
      return 1;
    }
    if (error instanceof JadwalTidakAda) {
      deps.konsol.err(`${error.message}; see \`npm run siaptes -- jadwal\`\n`);
      return 1;
    }
    if (error instanceof SalahPakai) {
      deps.konsol.err(`${error.message}\n\n${BANTUAN}`);
      return 2;
    }
    // Node's own errors, not necessarily of this realm's Error (a test runner's sandbox).
    const fsError = error as NodeJS.ErrnoException | null;
    if (fsError?.code === 'ENOENT') {
      deps.konsol.err(`file not found: ${fsError.path ?? fsError.message}\n`);
      return 1;
    }
    throw error;
  }
}
