import {
  abilityMl,
  alasanPerhatian,
  angkaId,
  korelasiButirSisa,
  kr20,
  pearson,
  raschFit,
  sebaranOpsi,
} from '../../../src/server/domain/analisisButir';
import { calibrateRasch, type Response } from '../../../src/server/domain/irt';

const matrix = (rows: string[]): Response[][] => rows.map((r) => [...r].map((c) => (c === '1' ? 1 : 0)));

describe('KR-20 and item–rest correlation by hand', () => {
  // Totals 3, 2, 1, 0: mean 1,5, sample variance 5/3; p = ¾, ½, ¼ so Σpq = 0,625;
  // KR-20 = 3/2 · (1 − 0,625 / (5/3)) = 0,9375.
  const guttman = matrix(['111', '110', '100', '000']);

  it('KR-20 uses the sample variance (n − 1) of the totals', () => {
    expect(kr20(guttman)).toBeCloseTo(0.9375, 10);
    // With the population variance (n) it would be 3/2 · (1 − 0,625 / 1,25) = 0,75.
    expect(kr20(guttman)).not.toBeCloseTo(0.75, 2);
  });

  it('the correlation of an item is with the rest, not with a total that contains it', () => {
    // Item 1: x = 1,1,1,0 against rest = 2,1,0,0: Sxy = 0,75, Sxx = 0,75, Syy = 2,75 → 0,75 / √(0,75 · 2,75).
    const [first, second, third] = korelasiButirSisa(guttman);
    expect(first).toBeCloseTo(0.75 / Math.sqrt(0.75 * 2.75), 10);
    expect(first).toBeCloseTo(0.5222, 4);
    // Item 3: x = 1,0,0,0 against rest = 2,2,1,0 → 0,5222 as well by symmetry.
    expect(third).toBeCloseTo(0.5222, 4);
    // Item 2: x = 1,1,0,0 against rest = 2,1,1,0: Sxy = 1, Sxx = 1, Syy = 2 → 1/√2.
    expect(second).toBeCloseTo(Math.SQRT1_2, 10);
  });

  it('has no value where nothing varies', () => {
    expect(kr20(matrix(['11', '11']))).toBeNull();
    expect(kr20(matrix(['10']))).toBeNull();
    expect(korelasiButirSisa(matrix(['11', '10']))).toEqual([null, null]);
    expect(pearson([1, 2], [3, 3])).toBeNull();
  });
});

describe('Rasch fit mean-squares', () => {
  it('by hand: two items at −1 and +1, one person as the model expects and one reversed', () => {
    // Raw score 1 puts θ at 0 (P = 0,731 and 0,269). Answering the easy item gives z² = e^−1 on both items, the
    // reversed pattern z² = e on both: outfit = infit = (e + e^−1)/2 = cosh 1 = 1,5431. Persons 00 and 11 are left
    // out of fit altogether.
    const fit = raschFit(matrix(['10', '01', '00', '11']), [-1, 1]);
    expect(fit.persons).toBe(2);
    for (const item of fit.items) {
      expect(item?.outfit).toBeCloseTo(Math.cosh(1), 10);
      expect(item?.infit).toBeCloseTo(Math.cosh(1), 10);
    }
    // Two people answering as expected: z² = e^−1 everywhere.
    const good = raschFit(matrix(['10', '10']), [-1, 1]);
    expect(good.items[0]?.outfit).toBeCloseTo(Math.exp(-1), 10);
    expect(good.items[1]?.infit).toBeCloseTo(Math.exp(-1), 10);
  });

  it('the ML ability is where the expected score equals the raw score', () => {
    expect(abilityMl(1, [-1, 1])).toBeCloseTo(0, 10);
    const b = [-1.2, 0.3, 0.9];
    const theta = abilityMl(2, b);
    expect(b.reduce((sum, d) => sum + 1 / (1 + Math.exp(d - theta)), 0)).toBeCloseTo(2, 9);
    expect(() => abilityMl(0, b)).toThrow('tidak punya estimasi ML');
    expect(() => abilityMl(3, b)).toThrow('tidak punya estimasi ML');
  });

  it("agrees with R eRm's itemfit on a 20 × 5 matrix with a planted misfitting item", () => {
    // Reference from R 4.2.2, eRm: RM(X) → person.parameter → itemfit (i.outfitMSQ, i.infitMSQ); difficulties are
    // −betapar. Row 4 (all right) and row 5 (all wrong) are left out of fit: 18 persons remain.
    const responses = matrix([
      '11100',
      '11001',
      '10110',
      '11111',
      '00000',
      '11000',
      '10001',
      '01100',
      '11100',
      '10101',
      '11010',
      '00001',
      '11110',
      '10000',
      '01001',
      '11100',
      '11010',
      '10100',
      '00101',
      '11110',
    ]);
    const difficulties = calibrateRasch(responses).items.map((i) => i.difficulty);
    const expected = {
      difficulty: [-1.0989, -0.3569, -0.1466, 0.9206, 0.6818],
      outfit: [0.6285, 0.7844, 0.8547, 0.5928, 1.7603],
      infit: [0.7798, 0.839, 0.9145, 0.6863, 1.5002],
      rest: [0.249, 0.1774, 0.1059, 0.3074, -0.3817],
    };
    difficulties.forEach((d, i) => expect(d).toBeCloseTo(expected.difficulty[i], 3));
    const fit = raschFit(responses, difficulties);
    expect(fit.persons).toBe(18);
    fit.items.forEach((item, i) => {
      expect(item?.outfit).toBeCloseTo(expected.outfit[i], 3);
      expect(item?.infit).toBeCloseTo(expected.infit[i], 3);
    });
    korelasiButirSisa(responses).forEach((r, i) => expect(r).toBeCloseTo(expected.rest[i], 3));
    expect(kr20(responses)).toBeCloseTo(0.191, 3);
    // The planted item is the one named.
    const reasons = alasanPerhatian({
      korelasi: korelasiButirSisa(responses)[4],
      proporsiBenar: 0.4,
      fit: fit.items[4],
    });
    expect(reasons).toContain('outfit 1,8: tidak sesuai model');
    expect(reasons).toContain('infit 1,5: tidak sesuai model');
    expect(reasons).toContain('korelasi butir-sisa −0,38: siswa lemah lebih sering benar');
    expect(alasanPerhatian({ korelasi: 0.249, proporsiBenar: 0.7, fit: fit.items[0] })).toEqual([]);
  });

  it('a mean-square is flagged as it is shown: 1,34 reads 1,3 and passes, 1,35 reads 1,4 and is flagged', () => {
    expect(alasanPerhatian({ korelasi: null, proporsiBenar: null, fit: { outfit: 1.34, infit: 1 } })).toEqual(
      [],
    );
    expect(alasanPerhatian({ korelasi: null, proporsiBenar: null, fit: { outfit: 1.35, infit: 1 } })).toEqual(
      ['outfit 1,4: tidak sesuai model'],
    );
  });
});

describe('options of a type 1 question', () => {
  it('counts, shares and mean totals per option; blanks count in the share only', () => {
    const choices = ['A', 'B', 'A', '0', 'C', 'A'];
    const totals = [10, 4, 8, 1, 6, 9];
    const opsi = sebaranOpsi(['A', 'B', 'C', 'D'], choices, totals);
    expect(opsi.map(({ korelasi: _, ...rest }) => rest)).toEqual([
      { opsi: 'A', jumlah: 3, proporsi: 0.5, rerataSkor: 9 },
      { opsi: 'B', jumlah: 1, proporsi: 1 / 6, rerataSkor: 4 },
      { opsi: 'C', jumlah: 1, proporsi: 1 / 6, rerataSkor: 6 },
      { opsi: 'D', jumlah: 0, proporsi: 0, rerataSkor: null },
    ]);
    // Choosing A against the totals: A's choosers average 9, the others 3,67; the totals' population SD is
    // √(57,33/6) = 3,091, so r = (9 − 3,67)/3,091 · √(½ · ½) = 0,8627.
    expect(opsi[0].korelasi).toBeCloseTo(0.8627, 4);
    expect(opsi[3].korelasi).toBeNull();
  });

  it('a planted wrong key is flagged by the option the best students chose', () => {
    // The real answer is B and the strongest students chose it, but the package's key says A.
    const choices = ['B', 'B', 'B', 'B', 'A', 'A', 'A', 'C', 'D', 'C'];
    const totals = [19, 18, 18, 17, 9, 8, 11, 7, 6, 5];
    const opsi = sebaranOpsi(['A', 'B', 'C', 'D'], choices, totals);
    expect(alasanPerhatian({ kunci: 'A', opsi, korelasi: -0.4, proporsiBenar: 0.3 })).toEqual([
      'kunci mungkin salah: opsi B dipilih siswa terbaik',
      'korelasi butir-sisa −0,40: siswa lemah lebih sering benar',
    ]);
    // With the right key nothing points at a distractor.
    expect(alasanPerhatian({ kunci: 'B', opsi, korelasi: 0.6, proporsiBenar: 0.4 })).toEqual([]);
  });

  it('of two distractors above the key, the one the strong crowd chose, not two lucky students', () => {
    // Key A (weak students); B chosen by most, mean 7; D by two with mean 8 but near the overall mean's noise.
    const choices = [...'BBBBBBBBBBAADDCCE'];
    const totals = [9, 9, 8, 8, 8, 7, 7, 6, 5, 3, 3, 2, 9, 7, 4, 4, 3];
    const opsi = sebaranOpsi(['A', 'B', 'C', 'D', 'E'], choices, totals);
    expect(opsi[3].rerataSkor).toBeGreaterThan(opsi[1].rerataSkor as number);
    expect(alasanPerhatian({ kunci: 'A', opsi, korelasi: null, proporsiBenar: 0.12 })).toEqual([
      'kunci mungkin salah: opsi B dipilih siswa terbaik',
    ]);
  });

  it('a distractor chosen by one strong student alone is not enough', () => {
    const opsi = sebaranOpsi(['A', 'B'], ['B', 'A', 'A', 'A'], [20, 10, 11, 12]);
    expect(alasanPerhatian({ kunci: 'A', opsi, korelasi: null, proporsiBenar: 0.75 })).toEqual([]);
  });
});

it('numbers in the words are written the Indonesian way', () => {
  expect(angkaId(1.7, 1)).toBe('1,7');
  expect(angkaId(-0.125)).toBe('−0,13');
});
