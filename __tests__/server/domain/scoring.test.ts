import {
  classicalScore,
  isBlank,
  judgeAnswer,
  normalizeShortAnswer,
  parseNumber,
  shortAnswerEquals,
  tally,
} from '../../../src/server/domain/scoring';

describe('isBlank', () => {
  it.each([
    [1, '', true],
    [1, '0', true],
    [1, ' 0 ', true],
    [1, 'A', false],
    [3, '0', true],
    [3, 'Z', false],
    [2, '', true],
    [2, '   ', true],
    [2, '0', false],
    [5, '0', false],
    [4, '\n\t', true],
    [4, 'esai', false],
  ])('type %i, %j → %s', (type, jawaban, expected) => {
    expect(isBlank(type, jawaban)).toBe(expected);
  });

  it('treats null and undefined as blank', () => {
    expect(isBlank(1, null)).toBe(true);
    expect(isBlank(2, undefined)).toBe(true);
  });
});

describe('normalizeShortAnswer', () => {
  it('trims, lower-cases and folds white space', () => {
    expect(normalizeShortAnswer('  Ibu   Kota\tJakarta \n')).toBe('ibu kota jakarta');
  });
  it('folds full-width digits and typographic minus', () => {
    expect(normalizeShortAnswer('１２')).toBe('12');
    expect(normalizeShortAnswer('\u22125')).toBe('-5');
  });
});

describe('parseNumber', () => {
  it.each([
    ['0,5', 0.5],
    ['0.5', 0.5],
    ['1/2', 0.5],
    [' 1 / 2 ', 0.5],
    ['-3', -3],
    ['- 3', -3],
    ['+4', 4],
    [',5', 0.5],
    ['2.75', 2.75],
    ['1.5', 1.5],
    ['0.500', 0.5],
    ['1.000', 1000],
    ['1.000.000', 1000000],
    ['1,000,000', 1000000],
    ['1.234,5', 1234.5],
    ['1,234.5', 1234.5],
    ['1 000', 1000],
    ['3/4', 0.75],
    ['1,5/3', 0.5],
    ['12', 12],
  ])('%j → %d', (text, value) => {
    expect(parseNumber(text)).toBeCloseTo(value, 12);
  });

  it.each(['', 'abc', '1/0', '1.2.3', '1..5', '5.', '1.23,4.5', '12a', '1,00,0', '1/2/3'])(
    '%j is not a number',
    (text) => {
      expect(parseNumber(text)).toBeNull();
    },
  );
});

describe('shortAnswerEquals', () => {
  it('accepts the same text after folding', () => {
    expect(shortAnswerEquals('  FOTOSINTESIS ', 'fotosintesis')).toBe(true);
    expect(shortAnswerEquals('ibu  kota', 'Ibu Kota')).toBe(true);
  });
  it('accepts numerically equal answers', () => {
    expect(shortAnswerEquals('0,5', '1/2')).toBe(true);
    expect(shortAnswerEquals('0.5', '0,5')).toBe(true);
    expect(shortAnswerEquals('1/2', '0.5')).toBe(true);
    expect(shortAnswerEquals('1.000', '1000')).toBe(true);
    expect(shortAnswerEquals('2/6', '1/3')).toBe(true);
    expect(shortAnswerEquals('-0,25', '-1/4')).toBe(true);
  });
  it('refuses different answers', () => {
    expect(shortAnswerEquals('0,51', '1/2')).toBe(false);
    expect(shortAnswerEquals('5', '-5')).toBe(false);
    expect(shortAnswerEquals('fotosintesa', 'fotosintesis')).toBe(false);
    expect(shortAnswerEquals('1', '1000')).toBe(false);
  });
  it('never matches a blank answer, even to a blank key', () => {
    expect(shortAnswerEquals('', '')).toBe(false);
    expect(shortAnswerEquals(' ', '0')).toBe(false);
  });
});

describe('judgeAnswer', () => {
  it('type 1: equal to the key (any case) is benar, another letter salah, 0 or empty kosong', () => {
    expect(judgeAnswer({ type: 1, jawaban: 'C', kunci: 'C' })).toBe('benar');
    expect(judgeAnswer({ type: 1, jawaban: 'c', kunci: 'C' })).toBe('benar');
    expect(judgeAnswer({ type: 1, jawaban: 'D', kunci: 'C' })).toBe('salah');
    expect(judgeAnswer({ type: 1, jawaban: '0', kunci: 'C' })).toBe('kosong');
    expect(judgeAnswer({ type: 1, jawaban: '', kunci: 'C' })).toBe('kosong');
    expect(judgeAnswer({ type: 1, jawaban: null, kunci: 'C' })).toBe('kosong');
  });

  it('types 2 and 5: folded or numeric equality', () => {
    expect(judgeAnswer({ type: 2, jawaban: ' Jakarta ', kunci: 'jakarta' })).toBe('benar');
    expect(judgeAnswer({ type: 5, jawaban: '0,5', kunci: '1/2' })).toBe('benar');
    expect(judgeAnswer({ type: 5, jawaban: '0,6', kunci: '1/2' })).toBe('salah');
    expect(judgeAnswer({ type: 5, jawaban: '0', kunci: '0' })).toBe('benar');
    expect(judgeAnswer({ type: 2, jawaban: '  ', kunci: 'x' })).toBe('kosong');
  });

  it('type 4 essays are not scored', () => {
    expect(judgeAnswer({ type: 4, jawaban: 'jawaban panjang', kunci: 'model' })).toBe('tidak_dinilai');
    expect(judgeAnswer({ type: 4, jawaban: '', kunci: 'model' })).toBe('tidak_dinilai');
  });

  it('type 3: benar only when every statement is right', () => {
    const group = (answers: string[]) => ['Y', 'N', 'Y'].map((kunci, i) => ({ kunci, jawaban: answers[i] }));
    expect(judgeAnswer({ type: 3, jawaban: 'Z', kunci: '', group: group(['Y', 'N', 'Y']) })).toBe('benar');
    expect(judgeAnswer({ type: 3, jawaban: 'Z', kunci: '', group: group(['y', 'n', 'y']) })).toBe('benar');
    expect(judgeAnswer({ type: 3, jawaban: 'Z', kunci: '', group: group(['Y', 'Y', 'Y']) })).toBe('salah');
    expect(judgeAnswer({ type: 3, jawaban: 'Z', kunci: '', group: group(['Y', 'N', '0']) })).toBe('salah');
    expect(judgeAnswer({ type: 3, jawaban: '0', kunci: '', group: group(['0', '0', '0']) })).toBe('kosong');
  });

  it('type 3 without statements has nothing to score', () => {
    expect(judgeAnswer({ type: 3, jawaban: '0', kunci: '' })).toBe('tidak_dinilai');
    expect(judgeAnswer({ type: 3, jawaban: 'Z', kunci: '', group: [] })).toBe('tidak_dinilai');
  });
});

describe('tally', () => {
  it('counts verdicts and leaves essays out of the scored total', () => {
    expect(tally(['benar', 'salah', 'kosong', 'tidak_dinilai', 'benar'])).toEqual({
      benar: 2,
      salah: 1,
      kosong: 1,
      scored: 4,
    });
    expect(tally([])).toEqual({ benar: 0, salah: 0, kosong: 0, scored: 0 });
  });
});

describe('classicalScore', () => {
  it('nilai = round(1000 × benar / scored), persentase rounded as nilai (one decimal)', () => {
    expect(classicalScore({ benar: 1, scored: 3 })).toEqual({ nilai: 333, persentase: 33.3 });
    expect(classicalScore({ benar: 2, scored: 3 })).toEqual({ nilai: 667, persentase: 66.7 });
    expect(classicalScore({ benar: 3, scored: 3 })).toEqual({ nilai: 1000, persentase: 100 });
    expect(classicalScore({ benar: 0, scored: 7 })).toEqual({ nilai: 0, persentase: 0 });
    expect(classicalScore({ benar: 1, scored: 8 })).toEqual({ nilai: 125, persentase: 12.5 });
  });
  it('is 0 when nothing is scored', () => {
    expect(classicalScore({ benar: 0, scored: 0 })).toEqual({ nilai: 0, persentase: 0 });
  });
});
