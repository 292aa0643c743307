/** `POST /siswa/tryout/start/id/:id/kategori/:categoryHash`: idempotent start of a category. */
import type { QuestionType } from '../../../contract/fields';
import type { GroupSoal, SoalPaket, StartPaketContent } from '../../../contract/tryoutPaket';
import type { Config } from '../../config';
import type { Executor } from '../../db/executor';
import { randomInt } from 'node:crypto';
import {
  acakDari,
  hurufTampil,
  modeAcak,
  opsiSiswa,
  teksOpsiTampil,
  dalamUrutanSiswa,
  ACAK_OPSI,
  ACAK_SOAL,
  type Acak,
} from '../../domain/acak';
import { kategoriAntrian } from '../../domain/antrian';
import { allowsFiveChoices } from '../../domain/studentType';
import { durasiDetik } from '../../domain/timing';
import type { Siswa } from '../../db/siswa';
import { isWallClock, kategoriContextDenganAttempts } from './konteks';
import { findAttempt } from './queries/hasilTo';
import { listClocks } from './queries/mapelWaktu';
import { listJawaban, listJawabanGroup } from './queries/jawaban';
import { createAnswerRows, mulaiPercobaan, type AttemptBaru } from './tulis';
import { type SoalLembar } from '../../soal/soalMapel';
import { berteksOf, kunciE, lembarSoal, mapelKategori, punyaSoal } from './isiPaket';
import { gagal } from '../../lib/respons';
import { PESAN, kategoriMengantri } from './teks';
import { isRevealed, settleClocks } from './waktu';

type StartResult = { status: true; message: string; content: StartPaketContent } | ReturnType<typeof gagal>;

function questionType(type: number): QuestionType {
  return (type >= 1 && type <= 5 ? type : 4) as QuestionType;
}

function groupJawaban(value: string): GroupSoal['jawaban'] {
  return value === 'Y' || value === 'N' ? value : '0';
}

export async function startPaket(
  q: Executor,
  input: { idJadwal: number; hash: string; siswa: Siswa; config: Config; now: number },
): Promise<StartResult> {
  const { siswa, now } = input;
  const context = await kategoriContextDenganAttempts(q, input.idJadwal, input.hash, siswa.id);
  const { jadwal, kategori, kategoriList, index, attempts } = context;
  if (now < jadwal.tgl_awal) return gagal(PESAN.jadwalBelumDibuka);
  if (now >= jadwal.tgl_akhir) return gagal(PESAN.jadwalBerakhir);

  const selesai = new Set(attempts.filter((a) => a.is_selesai === 1).map((a) => a.id_kategori));
  if (selesai.has(kategori.id)) return gagal(PESAN.kategoriSelesai);
  const antrian = kategoriAntrian(kategoriList.map((k) => ({ selesai: selesai.has(k.id) })));
  if (antrian[index] === 1) return gagal(kategoriMengantri(kategoriList[index - 1].nama));

  const fiveChoices = allowsFiveChoices(siswa.lembaga, siswa.minat, input.config);
  // A student who sees A–D only would lose an E-keyed question for sure: refuse before anything is written.
  if (!fiveChoices && (await kunciE(q, jadwal, kategori.id))) return gagal(PESAN.kunciDiLuarPilihan);

  const mapel = await mapelKategori(q, jadwal, kategori.id);
  if (!(await punyaSoal(q, jadwal, kategori.id))) return gagal(PESAN.soalBelumAda);

  // A repeated start (the SPA asks again for each next subject) finds its attempt: nothing to write.
  const existing = attempts.find((a) => a.id_kategori === kategori.id);
  // The student's own order is drawn once, with the attempt; two starts racing keep the first one's (the insert
  // of the second does nothing), which findAttempt reads back below.
  const mode = modeAcak(jadwal, fiveChoices);
  const shuffles = (mode & (ACAK_SOAL | ACAK_OPSI)) !== 0;
  const baru = {
    idJadwal: jadwal.id,
    idKategori: kategori.id,
    idSiswa: siswa.id,
    mapel: mapel.map((m) => ({ id: m.id, durasi: durasiDetik(m.waktu) })),
    now,
    acak: shuffles ? mode : 0,
    acakSeed: shuffles ? randomInt(0, 2 ** 31 - 1) : null,
  };
  // A first start's writes return its rows, so none is read back: on PostgreSQL one statement for the first starts
  // of a turn, on SQLite buatAttempt's inserts (no rows: a racing start won, whose attempt is read below).
  const dibuat: { id: number; baru?: AttemptBaru } = existing
    ? { id: existing.id }
    : await mulaiPercobaan(q, baru);
  const sekaligus = dibuat.baru;
  const idHasilTo = dibuat.id;
  const attempt =
    existing ??
    (sekaligus
      ? { acak: baru.acak, acak_seed: baru.acakSeed }
      : shuffles
        ? await findAttempt(q, kategori.id, siswa.id)
        : undefined);
  const acak = attempt ? acakDari(attempt.acak, attempt.acak_seed) : null;
  // Touching the attempt closes subjects whose time ran out while the student was away and, on the wall clock,
  // opens the next subject when the previous one closed.
  const clocks = await settleClocks(q, {
    idHasilTo,
    jadwal,
    mapel,
    rows: sekaligus?.clocks ?? (existing ? context.clocks : await listClocks(q, [idHasilTo])),
    wallClock: isWallClock(jadwal, siswa, input.config),
    now,
  });

  // Only the questions of subjects whose clock runs (or ran) leave the server; the SPA asks again (this same
  // idempotent call) when it opens the next subject.
  const revealed = clocks.filter((c) => isRevealed(c.clock)).map((c) => c.mapel.id);
  const soal = await lembarSoal(q, jadwal, revealed);
  let jawaban = sekaligus?.jawaban ?? (await listJawaban(q, idHasilTo));
  // The first time a subject's questions are shown, its answer rows are written (a repeated start only reads).
  const withRow = new Set(jawaban.map((j) => j.id_soal));
  const withoutRows = new Set(soal.filter((s) => !withRow.has(s.id)).map((s) => s.id_mapel));
  const rowsWritten = withoutRows.size > 0;
  if (rowsWritten) {
    await createAnswerRows(q, { idHasilTo, idMapel: [...withoutRows], now });
    jawaban = await listJawaban(q, idHasilTo);
  }
  const jawabanGroup =
    sekaligus && !rowsWritten ? sekaligus.jawabanGroup : await listJawabanGroup(q, idHasilTo);
  return {
    status: true,
    message: PESAN.mulai,
    content: {
      id_hasil_to: idHasilTo,
      soal: toSoalPaket(soal, jawaban, jawabanGroup, fiveChoices, acak),
    },
  };
}

/**
 * The questions as the sheet needs them: texts, options and saved answers, never keys or discussions; in the
 * attempt's order, numbered 1.. per subject, options in its order and the saved choice in its letters.
 */
function toSoalPaket(
  soal: readonly SoalLembar[],
  jawaban: readonly { id: number; id_soal: number; jawaban: string }[],
  jawabanGroup: readonly { id: number; id_jawaban: number; id_soal_group: number; jawaban: string }[],
  fiveChoices: boolean,
  acak: Acak | null,
): SoalPaket[] {
  const jawabanOf = new Map(jawaban.map((j) => [j.id_soal, j]));
  // A statement belongs to one question, and an attempt has one answer row per question: its id finds the row.
  const groupAnswerOf = new Map(jawabanGroup.map((g) => [g.id_soal_group, g]));
  const nomorOf = new Map<number, number>();
  const perMapel = new Map<number, number>();
  const ordered = dalamUrutanSiswa(acak, soal);
  for (const s of ordered) {
    const nomor = (perMapel.get(s.id_mapel) ?? 0) + 1;
    perMapel.set(s.id_mapel, nomor);
    nomorOf.set(s.id, nomor);
  }

  const sheet: SoalPaket[] = [];
  for (const s of ordered) {
    const j = jawabanOf.get(s.id);
    if (!j) continue; // written before the questions are listed (createAnswerRows)
    const group_soal: GroupSoal[] = [];
    for (const st of s.pernyataan) {
      const answer = groupAnswerOf.get(st.id);
      if (answer && answer.id_jawaban === j.id) {
        group_soal.push({
          id_jawaban_group: answer.id,
          soal: st.pernyataan,
          jawaban: groupJawaban(answer.jawaban),
        });
      }
    }
    // Which options show text is asked only of a shuffled attempt, and kept with the kept sheet.
    const urutan = acak ? opsiSiswa(acak, s, berteksOf(s)) : null;
    const opsi = urutan ? teksOpsiTampil(s, urutan) : s;
    sheet.push({
      id_soal: s.id,
      soal: s.soal,
      type: questionType(s.type),
      jawaban_siswa: urutan ? hurufTampil(urutan, j.jawaban) : j.jawaban,
      id_jawaban: j.id,
      group_soal,
      group_text_type: s.type === 3 ? (s.group_text_type ?? 1) : s.group_text_type,
      id_mapel: s.id_mapel,
      a: opsi.a,
      b: opsi.b,
      c: opsi.c,
      d: opsi.d,
      // A regular student outside the SMA interests gets four choices only.
      e: fiveChoices ? opsi.e : '',
      nomor: acak ? (nomorOf.get(s.id) as number) : s.nomor,
    });
  }
  return sheet;
}
