/**
 * Never lose an answer: many answer saves of one attempt in flight at once (different questions, the same question
 * twice, statements of one type-3 question) together with a subject status report. Every save the server
 * acknowledged must be in the database afterwards. Runs on SQLite, and on PostgreSQL when DATABASE_URL says so.
 */
import type { LightMyRequestResponse } from 'fastify';
import type { SoalPaket, StartPaketContent } from '../../../../src/contract/tryoutPaket';

type Started = { status: boolean; content: StartPaketContent };
import {
  buildSeededTestApp,
  loginAs,
  saveAnswer,
  statusMapel,
  type SeededTestContext,
} from '../../../helpers/seeded';

let t: SeededTestContext;
let key: string;
let idSiswa: number;

beforeAll(async () => {
  t = await buildSeededTestApp({ participants: 4 });
  const login = await loginAs(t.app, 'reguler');
  key = login.token;
  idSiswa = login.siswa.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface Save {
  /** What the answer row (or the statement row) must hold if the server said yes. */
  table: 'jawaban' | 'jawaban_group';
  id: number;
  jawaban: string;
  response: Promise<LightMyRequestResponse>;
}

/** A text answer the question's type accepts; `variant` makes two saves of one question differ. */
function answerFor(soal: SoalPaket, variant: number): string {
  if (soal.type === 1) return variant === 0 ? 'A' : 'B';
  if (soal.type === 4) return `Esai ke-${variant}: karena ½ · 2 = 1`;
  return variant === 0 ? '0,5' : '12';
}

describe('concurrent answer saves of one attempt', () => {
  it('keeps every acknowledged answer, with a status report in flight', async () => {
    const jadwal = t.seed.jadwal.berjalan;
    const kategori = jadwal.kategori[0];
    const start = await t.app.inject({
      method: 'POST',
      url: `/api/siswa/tryout/start/id/${jadwal.id}/kategori/${kategori.hash}`,
      headers: { key },
      payload: { id_siswa: idSiswa },
    });
    expect(start.statusCode).toBe(200);
    const started = start.json() as Started;
    expect(started.status).toBe(true);
    const idHasilTo = started.content.id_hasil_to;
    // Only the first subject is open (the others wait in the queue).
    const idMapel = kategori.mapel[0].id;
    const soal = started.content.soal.filter((s) => s.id_mapel === idMapel);
    const statement = soal.find((s) => s.type === 3 && s.group_soal.length >= 2);
    const others = soal.filter((s) => s.type !== 3);
    expect(others.length).toBeGreaterThanOrEqual(5);
    expect(statement).toBeDefined();

    const put = (body: Record<string, unknown>) =>
      saveAnswer(t.app, key, { idJadwal: jadwal.id, idHasilTo }, body);
    const saves: Save[] = [];
    const saveText = (s: SoalPaket, variant: number) => {
      const jawaban = answerFor(s, variant);
      saves.push({
        table: 'jawaban',
        id: s.id_jawaban,
        jawaban,
        response: put({ id_jawaban: s.id_jawaban, jawaban, type_soal: s.type }),
      });
    };
    // Every question once, the first three a second time with another answer, all at once.
    others.forEach((s) => saveText(s, 0));
    others.slice(0, 3).forEach((s) => saveText(s, 1));
    for (const [index, g] of (statement as SoalPaket).group_soal.entries()) {
      const jawaban = index % 2 === 0 ? 'Y' : 'N';
      saves.push({
        table: 'jawaban_group',
        id: g.id_jawaban_group,
        jawaban,
        response: put({
          id_jawaban: (statement as SoalPaket).id_jawaban,
          id_jawaban_group: g.id_jawaban_group,
          jawaban,
          type_soal: 3,
        }),
      });
    }
    // Less than the server counts (the clock of the test does not move), so the report is what must be kept.
    const reported = kategori.mapel[0].waktu * 60 - 600;
    const status = statusMapel(
      t.app,
      key,
      { idJadwal: jadwal.id, idSiswa, idMapel, kategori: kategori.hash },
      reported,
    );

    const responses = await Promise.all(saves.map((s) => s.response));
    const statusResponse = await status;
    expect(statusResponse.statusCode).toBe(200);
    expect(statusResponse.json()).toMatchObject({ status: true, message: 'Sisa waktu tersimpan' });
    // Nothing was refused: an open subject takes every save.
    expect(responses.map((r) => [r.statusCode, r.json()])).toEqual(
      responses.map(() => [200, { status: true, message: 'Jawaban tersimpan' }]),
    );

    const rows = await t.db
      .selectFrom('jawaban')
      .select(['id', 'jawaban'])
      .where('id_hasil_to', '=', idHasilTo)
      .execute();
    const groupRows = await t.db
      .selectFrom('jawaban_group')
      .select(['id', 'jawaban'])
      .where('id_jawaban', '=', (statement as SoalPaket).id_jawaban)
      .execute();
    const stored = {
      jawaban: new Map(rows.map((r) => [r.id, r.jawaban])),
      jawaban_group: new Map(groupRows.map((r) => [r.id, r.jawaban])),
    };
    // Each row holds one of the answers acknowledged for it (the later of two saves in flight may win either way).
    const acknowledged = new Map<string, string[]>();
    for (const s of saves) {
      const k = `${s.table}:${s.id}`;
      acknowledged.set(k, [...(acknowledged.get(k) ?? []), s.jawaban]);
    }
    for (const [k, values] of acknowledged) {
      const [table, id] = k.split(':') as [keyof typeof stored, string];
      expect({ k, ok: values.includes(stored[table].get(Number(id)) ?? '(none)') }).toEqual({ k, ok: true });
    }
    // Every statement answered, so the question's marker says so.
    expect(stored.jawaban.get((statement as SoalPaket).id_jawaban)).toBe('Z');

    // The clock report was not undone by the saves' own clock writes.
    const clock = await t.db
      .selectFrom('mapel_waktu')
      .select(['status', 'sisa_waktu'])
      .where('id_hasil_to', '=', idHasilTo)
      .where('id_mapel', '=', idMapel)
      .executeTakeFirstOrThrow();
    expect(clock).toEqual({ status: 0, sisa_waktu: reported });

    // And the student sees the same answers when the attempt is opened again.
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/siswa/tryout/start/id/${jadwal.id}/kategori/${kategori.hash}`,
      headers: { key },
      payload: { id_siswa: idSiswa },
    });
    const reopened = (again.json() as Started).content.soal;
    for (const s of others) {
      expect(reopened.find((r) => r.id_jawaban === s.id_jawaban)?.jawaban_siswa).toBe(
        stored.jawaban.get(s.id_jawaban),
      );
    }
  });
});
