import { buildTestApp, testClock, type TestContext } from '../../helpers/buildTestApp';
import { FIXTURE_NOW, buildPaketFixture, sessionFor, type PaketFixture } from '../../helpers/hasilFixture';
import { SESSION_COOKIE } from '../../../src/server/plugins/auth';
import { htmlToText, pdfText, toWinAnsi } from '../../../src/server/pdf/text';

let ctx: TestContext;
let fx: PaketFixture;
const cookies: Record<string, Record<string, string>> = {};

beforeAll(async () => {
  ctx = await buildTestApp({ clock: testClock(FIXTURE_NOW) });
  fx = await buildPaketFixture(ctx.db);
  for (const [name, id] of Object.entries(fx.siswa)) {
    cookies[name] = { [SESSION_COOKIE]: await sessionFor(ctx.db, id, FIXTURE_NOW) };
  }
});
afterAll(() => ctx.close());

type Who = keyof PaketFixture['siswa'];

function get(url: string, who: Who | null) {
  return ctx.app.inject({ method: 'GET', url, cookies: who ? cookies[who] : {} });
}

function expectPdf(response: Awaited<ReturnType<typeof get>>, filename: RegExp) {
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  // Shown in the SPA's own frame: our pages may frame it, nothing may run in it.
  expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'self'");
  expect(String(response.headers['content-security-policy'])).toContain("default-src 'none'");
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  // A document, though answered under /api: a document's headers, not a JSON call's.
  expect(response.headers['x-permitted-cross-domain-policies']).toBe('none');
  expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
  expect(String(response.headers['content-disposition'])).toMatch(/^inline; filename="[^"]+\.pdf"$/);
  expect(String(response.headers['content-disposition'])).toMatch(filename);
  expect(response.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(response.rawPayload.subarray(-6).toString('latin1')).toContain('%%EOF');
}

describe('GET /api/pdf/hasil/:idjadwal/:kategoriHash', () => {
  it("serves the student's category result as an inline PDF", async () => {
    const response = await get(`/api/pdf/hasil/${fx.idJadwal}/${fx.kategori.tps.hash}`, 'andi');
    expectPdf(response, /hasil-paket-7-kat-tps-7\.pdf/);
  });

  it('needs a session cookie (401) and a finished category (404)', async () => {
    const anonymous = await get(`/api/pdf/hasil/${fx.idJadwal}/${fx.kategori.tps.hash}`, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().status).toBe(false);
    const unfinished = await get(`/api/pdf/hasil/${fx.idJadwal}/${fx.kategori.tps.hash}`, 'fajar');
    expect(unfinished.statusCode).toBe(404);
    expect(unfinished.json()).toEqual({ status: false, message: 'Data Detail Hasil Tryout Tidak Ditemukan' });
  });
});

describe('GET /api/pdf/pembahasan/:idjadwal/:kategoriHash', () => {
  it('serves the discussion of a finished category at the link stored in kategori.pembahasan', async () => {
    const { pembahasan } = await ctx.db
      .selectFrom('kategori')
      .select('pembahasan')
      .where('id', '=', fx.kategori.saintek.id)
      .executeTakeFirstOrThrow();
    // Questions, options, statements and explanations carry ≥ ½ “ ” – … ∑ π ☺: none may break the document.
    expectPdf(await get(pembahasan, 'andi'), /pembahasan-paket-7-kat-saintek-7\.pdf/);
  });

  it('refuses the discussion of a category the student has not finished (403)', async () => {
    const response = await get(`/api/pdf/pembahasan/${fx.idJadwal}/${fx.kategori.tps.hash}`, 'fajar');
    expect(response.statusCode).toBe(403);
    expect(response.headers['content-type']).toMatch(/json/);
    expect(response.json()).toEqual({
      status: false,
      message: 'Pembahasan tersedia setelah kategori ini selesai dikerjakan',
    });
    expect((await get(`/api/pdf/pembahasan/${fx.idJadwal}/${fx.kategori.tps.hash}`, null)).statusCode).toBe(
      401,
    );
  });
});

describe('GET /api/pdf/soal/:idjadwal/:kategoriHash/:idmapel', () => {
  const url = (idmapel: number, hash = fx.kategori.saintek.hash) =>
    `/api/pdf/soal/${fx.idJadwal}/${hash}/${idmapel}`;

  it("serves the available subject's questions to a regular student who started its category", async () => {
    // Fajar ended Saintek and is taking TPS (start is idempotent).
    const tps = (idmapel: number) => url(idmapel, fx.kategori.tps.hash);
    const started = await ctx.app.inject({
      method: 'POST',
      url: `/api/siswa/tryout/start/id/${fx.idJadwal}/kategori/${fx.kategori.tps.hash}`,
      cookies: cookies.fajar,
      payload: { id_siswa: fx.siswa.fajar },
    });
    expect(started.json().status).toBe(true);
    expectPdf(await get(tps(fx.mapel.penalaran), 'fajar'), /soal-paket-7-mapel-\d+\.pdf/);
    // Its second subject waits for the first.
    expect((await get(tps(fx.mapel.bahasa), 'fajar')).statusCode).toBe(403);
    // A finished subject's questions are not served again.
    const finished = await get(url(fx.mapel.matematika), 'fajar');
    expect(finished.statusCode).toBe(403);
    expect(finished.json()).toEqual({ status: false, message: 'Tryout ini sudah diakhiri' });
  });

  it('refuses a student of another institution (403), strangers (401) and wrong ids (404, 400)', async () => {
    const other = await get(url(fx.mapel.matematika), 'eka');
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ status: false, message: 'PDF soal hanya tersedia untuk siswa reguler' });
    expect((await get(url(fx.mapel.matematika), null)).statusCode).toBe(401);
    expect((await get(url(fx.mapel.penalaran), 'andi')).statusCode).toBe(404); // TPS subject under Saintek
    expect((await get(url(fx.mapel.matematika, 'tidak-ada'), 'andi')).statusCode).toBe(404);
    expect(
      (await get(`/api/pdf/soal/${fx.idJadwal}/${fx.kategori.saintek.hash}/abc`, 'andi')).statusCode,
    ).toBe(400);
  });

  it('refuses a regular student who is not enrolled in the schedule (403)', async () => {
    await ctx.db
      .deleteFrom('jadwal_peserta')
      .where('id_jadwal', '=', fx.idJadwal)
      .where('id_siswa', '=', fx.siswa.dewi)
      .execute();
    const response = await get(url(fx.mapel.matematika), 'dewi');
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('Kamu tidak terdaftar pada jadwal tryout ini');
  });
});

describe('PDF text', () => {
  it('keeps paragraphs and line breaks, drops tags and decodes entities', () => {
    expect(htmlToText('<p>Satu&nbsp;<b>dua</b></p><p>tiga<br>empat &amp; &#8805; &lt;5&gt;</p>')).toBe(
      'Satu dua\n\ntiga\nempat & ≥ <5>',
    );
    expect(htmlToText('<ul><li>a</li><li>b</li></ul>')).toBe('- a\n- b');
  });

  it('maps characters the standard fonts lack to ASCII and keeps Latin-1 letters', () => {
    expect(toWinAnsi('x ≥ ½ “kutipan” – café… π ≤ 3')).toBe('x >= 1/2 "kutipan" - café... pi <= 3');
    expect(toWinAnsi('ą ş ☺')).toBe('a s ?');
    const text = pdfText('<p>Jika x ≥ ½ dan “nilai” – café… ∑ π ☺</p>');
    expect(
      [...text].every((c) => c === '\n' || (c >= ' ' && c <= '~') || (c >= '\u00a0' && c <= '\u00ff')),
    ).toBe(true);
  });
});
