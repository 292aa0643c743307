import {
  ACAK_LIMA_OPSI,
  ACAK_OPSI,
  ACAK_SOAL,
  hurufAsli,
  hurufBerteks,
  hurufTampil,
  opsiSiswa,
  urutanOpsi,
  urutanSoal,
} from '../../../src/server/domain/acak';

const soal = Array.from({ length: 20 }, (_, i) => ({ id: 100 + i }));
const semua = ACAK_SOAL | ACAK_OPSI | ACAK_LIMA_OPSI;

describe('urutan acak', () => {
  it('the same seed gives the same order; another seed another one; the package order without shuffling', () => {
    const a = urutanSoal({ mode: semua, seed: 7 }, 1, soal).map((s) => s.id);
    expect(urutanSoal({ mode: semua, seed: 7 }, 1, [...soal].reverse()).map((s) => s.id)).toEqual(a);
    expect(urutanSoal({ mode: semua, seed: 8 }, 1, soal).map((s) => s.id)).not.toEqual(a);
    expect([...a].sort()).toEqual(soal.map((s) => s.id));
    expect(urutanSoal({ mode: ACAK_OPSI, seed: 7 }, 1, soal)).toEqual(soal);
    expect(urutanSoal(null, 1, soal)).toEqual(soal);
  });

  it('options: a permutation of the letters offered, the pinned one last, E absent when not offered', () => {
    for (let seed = 0; seed < 50; seed++) {
      const order = urutanOpsi({ mode: semua, seed }, 5, ['A', 'B', 'C', 'D', 'E'], 'E');
      expect(order[4]).toBe('E');
      expect([...order].sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
      const four = opsiSiswa({ mode: ACAK_OPSI, seed }, { id: 5, type: 1, opsi_tetap: '' }, 'ABCDE');
      expect([...(four as string[])].sort()).toEqual(['A', 'B', 'C', 'D']);
    }
    expect(opsiSiswa({ mode: ACAK_SOAL, seed: 1 }, { id: 5, type: 1, opsi_tetap: '' }, 'ABCDE')).toBeNull();
    expect(opsiSiswa({ mode: semua, seed: 1 }, { id: 5, type: 2, opsi_tetap: '' }, 'ABCDE')).toBeNull();
  });

  it('the student’s letter and the package’s map both ways; blanks pass through', () => {
    const order = ['C', 'A', 'E', 'B', 'D'];
    expect(hurufAsli(order, 'A')).toBe('C');
    expect(hurufAsli(order, 'C')).toBe('E');
    expect(hurufTampil(order, 'E')).toBe('C');
    for (const h of ['A', 'B', 'C', 'D', 'E']) expect(hurufTampil(order, hurufAsli(order, h))).toBe(h);
    expect(hurufAsli(order, '0')).toBe('0');
    expect(hurufTampil(order, '')).toBe('');
  });
});

it('counts only the options that show something, by the rule the sheets use', () => {
  const teks = { a: '<p>x</p>', b: '<p>&nbsp;</p>', c: '<img src="/konten/abc">', d: ' ', e: '<p></p>' };
  expect(hurufBerteks(teks)).toBe('AC');
  expect(hurufBerteks({ a: 'a', b: 'b', c: 'c', d: 'd', e: '' })).toBe('ABCD');
});
