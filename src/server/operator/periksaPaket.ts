/**
 * Every problem of a package file found in one pass, before anything is written: the shape the format demands
 * (TypeBox) and the rules behind it (keys, options, statements, dates, choices). Each problem names its place as a
 * JSON path and in words ("soal 12 of Penalaran Umum"). Pure, no I/O; checks against the database are in
 * periksaDb.ts. Problems of a part whose shape is wrong are still looked for in the parts around it.
 */
import { Value } from '@sinclair/typebox/value';
import { parseNumber } from '../domain/scoring';
import type { Masalah } from './masalah';
import { HURUF_OPSI } from '../../contract/fields';
import { PaketFile } from './paketFormat';

type Loose = Record<string, unknown>;

const obj = (x: unknown): Loose =>
  x !== null && typeof x === 'object' && !Array.isArray(x) ? (x as Loose) : {};
const arr = (x: unknown): unknown[] => (Array.isArray(x) ? x : []);
const str = (x: unknown): string => (typeof x === 'string' ? x : '');

/** `/kategori/0/mapel/1/soal/11/kunci` → `kategori[0].mapel[1].soal[11].kunci`. */
export function jsonPath(pointer: string): string {
  const parts = pointer
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  let out = '';
  for (const part of parts) out += /^\d+$/.test(part) ? `[${part}]` : out === '' ? part : `.${part}`;
  return out === '' ? '(the whole file)' : out;
}

/** The words an operator uses for the place a JSON pointer points at: "soal 12 of Penalaran Umum", "jadwal". */
export function namaTempat(data: unknown, pointer: string): string {
  const parts = pointer.split('/').slice(1);
  const root = obj(data);
  if (parts[0] === 'kategori' && parts[1] !== undefined) {
    const kategori = obj(arr(root.kategori)[Number(parts[1])]);
    const kNama = str(kategori.nama) || `kategori ${Number(parts[1]) + 1}`;
    if (parts[2] === 'mapel' && parts[3] !== undefined) {
      const mapel = obj(arr(kategori.mapel)[Number(parts[3])]);
      const mNama = str(mapel.nama) || `mapel ${Number(parts[3]) + 1} of ${kNama}`;
      if (parts[4] === 'soal' && parts[5] !== undefined) {
        const soal = `soal ${Number(parts[5]) + 1} of ${mNama}`;
        if (parts[6] === 'pernyataan' && parts[7] !== undefined)
          return `statement ${Number(parts[7]) + 1} of ${soal}`;
        return soal;
      }
      return mNama;
    }
    return kNama;
  }
  if (parts[0] === 'jadwal') return 'jadwal';
  if (parts[0] === 'ptn') return 'PTN choices';
  return 'the package';
}

export function masalahDi(fileName: string, data: unknown, pointer: string, pesan: string): Masalah {
  return { tempat: `${fileName} ${jsonPath(pointer)}`, pesan: `${namaTempat(data, pointer)}: ${pesan}` };
}

/** TypeBox's messages, in the operator's words where they are terse. */
function kataKata(message: string, value: unknown): string {
  const shown = JSON.stringify(value);
  if (message.startsWith('Expected required property')) return 'is missing';
  if (message.startsWith('Unexpected property')) return 'is not a field of the format (a typo?)';
  if (message === 'Expected integer') return `must be a whole number, not ${shown}`;
  return `${message.replace(/^Expected/, 'must be')}${value === undefined ? '' : `, not ${shown}`}`;
}

function masalahBentuk(fileName: string, data: unknown): Masalah[] {
  const out: Masalah[] = [];
  const seen = new Set<string>();
  for (const error of Value.Errors(PaketFile, data)) {
    // A union reports each branch; one problem per place is enough.
    if (seen.has(error.path)) continue;
    seen.add(error.path);
    out.push(masalahDi(fileName, data, error.path, kataKata(error.message, error.value)));
  }
  return out;
}

const ZONA = /(Z|[+-]\d{2}:\d{2})$/;
const TANGGAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** Epoch ms of an ISO 8601 date with a zone, or null. */
export function parseTanggal(text: string): number | null {
  if (!TANGGAL.test(text) || !ZONA.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : ms;
}

function masalahSoal(
  at: (pointer: string, pesan: string) => void,
  soal: Loose,
  pointer: string,
  jumlahOpsi: 4 | 5,
) {
  const type = soal.type;
  if (typeof type !== 'number' || !Number.isInteger(type) || type < 1 || type > 5) return; // the shape check said so
  const kunci = str(soal.kunci).trim();
  const opsi = obj(soal.opsi);
  const pernyataan = arr(soal.pernyataan);
  if (str(soal.soal).trim() === '') at(`${pointer}/soal`, 'the question text is empty');
  if (type !== 1 && soal.opsi !== undefined)
    at(`${pointer}/opsi`, `type ${type} has no options (only type 1 does)`);
  if (type !== 3 && soal.pernyataan !== undefined)
    at(`${pointer}/pernyataan`, `type ${type} has no statements (only type 3 does)`);
  if (type !== 1 && soal.opsi_tetap !== undefined)
    at(`${pointer}/opsi_tetap`, `type ${type} has no options to pin (only type 1 does)`);
  if (type !== 3 && soal.group_text_type !== undefined)
    at(`${pointer}/group_text_type`, `type ${type} has no group_text_type (only type 3 does)`);
  if (type === 1) {
    const allowed = HURUF_OPSI.slice(0, jumlahOpsi);
    if (soal.opsi === undefined) at(`${pointer}/opsi`, 'type 1 needs its options a–d (and e)');
    if (!(allowed as readonly string[]).includes(kunci)) {
      at(
        `${pointer}/kunci`,
        `type 1 with key ${kunci || '(none)'}; the key must be one of ${allowed.join(', ')}`,
      );
    } else if (soal.opsi !== undefined && str(opsi[kunci.toLowerCase()]).trim() === '') {
      at(`${pointer}/opsi/${kunci.toLowerCase()}`, `the key is ${kunci} but option ${kunci} is empty`);
    }
    const tetap = soal.opsi_tetap;
    if (typeof tetap === 'string' && soal.opsi !== undefined && str(opsi[tetap.toLowerCase()]).trim() === '')
      at(`${pointer}/opsi_tetap`, `option ${tetap} is pinned last but it is empty`);
    if (jumlahOpsi === 4 && str(opsi.e).trim() !== '')
      at(
        `${pointer}/opsi/e`,
        'the package has four options (jumlah_opsi 4) but this question has an option E',
      );
  }
  if ((type === 2 || type === 5) && kunci === '')
    at(`${pointer}/kunci`, `type ${type} needs its key (the answer)`);
  if (type === 5 && kunci !== '' && parseNumber(kunci) === null)
    at(`${pointer}/kunci`, `type 5 (numeric) with key "${kunci}", which is not a number`);
  if (type === 3) {
    if (pernyataan.length === 0) at(`${pointer}/pernyataan`, 'type 3 needs at least one statement');
    if (soal.group_text_type === undefined)
      at(`${pointer}/group_text_type`, 'type 3 needs group_text_type 1 or 2');
    if (kunci !== '') at(`${pointer}/kunci`, 'type 3 keeps its keys in the statements, not in kunci');
    pernyataan.forEach((p, i) => {
      if (str(obj(p).teks).trim() === '')
        at(`${pointer}/pernyataan/${i}/teks`, 'the statement text is empty');
    });
  }
}

/** The file's problems, shape first, then the rules, each with its place. */
export function periksaPaketFile(fileName: string, data: unknown): Masalah[] {
  const out = masalahBentuk(fileName, data);
  const at = (pointer: string, pesan: string) => out.push(masalahDi(fileName, data, pointer, pesan));
  const root = obj(data);
  const jumlahOpsi = root.jumlah_opsi === 4 ? 4 : 5;

  arr(root.kategori).forEach((k, ki) => {
    arr(obj(k).mapel).forEach((m, mi) => {
      arr(obj(m).soal).forEach((s, si) => {
        masalahSoal(at, obj(s), `/kategori/${ki}/mapel/${mi}/soal/${si}`, jumlahOpsi);
      });
    });
  });

  const jadwal = obj(root.jadwal);
  const awal = typeof jadwal.tgl_awal === 'string' ? parseTanggal(jadwal.tgl_awal) : null;
  const akhir = typeof jadwal.tgl_akhir === 'string' ? parseTanggal(jadwal.tgl_akhir) : null;
  for (const [field, value, ms] of [
    ['tgl_awal', jadwal.tgl_awal, awal],
    ['tgl_akhir', jadwal.tgl_akhir, akhir],
  ] as const) {
    if (typeof value === 'string' && ms === null)
      at(
        `/jadwal/${field}`,
        `${field} "${value}" is not a date with time and zone, e.g. 2026-12-01T08:00:00+07:00`,
      );
  }
  if (awal !== null && akhir !== null && akhir <= awal)
    at('/jadwal/tgl_akhir', `the schedule ends (${jadwal.tgl_akhir}) before it starts (${jadwal.tgl_awal})`);
  const peserta = obj(jadwal.peserta);
  if (
    root.jadwal !== undefined &&
    arr(peserta.username).length + arr(peserta.id_program).length + arr(peserta.lembaga).length === 0
  )
    at('/jadwal/peserta', 'nobody is enrolled: give username, id_program or lembaga');

  const ptn = obj(root.ptn);
  const kode = new Set<string>();
  arr(ptn.prodi).forEach((p, i) => {
    const k = str(obj(p).kode);
    if (k !== '' && kode.has(k)) at(`/ptn/prodi/${i}/kode`, `the programme code "${k}" is used twice`);
    kode.add(k);
  });
  const chose = new Set<string>();
  arr(ptn.pilihan).forEach((p, i) => {
    const username = str(obj(p).username);
    if (username !== '' && chose.has(username))
      at(`/ptn/pilihan/${i}/username`, `the choices of "${username}" are given twice`);
    chose.add(username);
    arr(obj(p).pilihan).forEach((k, j) => {
      if (typeof k === 'string' && !kode.has(k))
        at(`/ptn/pilihan/${i}/pilihan/${j}`, `"${k}" is not the code of a programme in ptn.prodi`);
    });
  });
  return out;
}
