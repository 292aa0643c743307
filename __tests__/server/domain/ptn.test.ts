import { FAIL_MESSAGE, passesChoice, ptnOutcome, type PtnChoice } from '../../../src/server/domain/ptn';

const kedokteran: PtnChoice = {
  num_option: 1,
  jurusan: 'Kedokteran',
  universitas: 'Universitas Indonesia',
  grade: 700,
  kapasitas: 2,
  rank: 1,
};
const hukum: PtnChoice = {
  num_option: 2,
  jurusan: 'Ilmu Hukum',
  universitas: 'Universitas Gadjah Mada',
  grade: 550,
  kapasitas: 3,
  rank: 2,
};

describe('passesChoice', () => {
  it('needs both the grade and a rank within capacity', () => {
    expect(passesChoice(700, kedokteran)).toBe(true);
    expect(passesChoice(699.99, kedokteran)).toBe(false);
    expect(passesChoice(800, { ...kedokteran, rank: 3 })).toBe(false);
    expect(passesChoice(800, { ...kedokteran, rank: 2 })).toBe(true);
  });
});

describe('ptnOutcome', () => {
  it('passes at the first passing choice in option order', () => {
    const outcome = ptnOutcome(720, [hukum, kedokteran]);
    expect(outcome.hasil).toBe(1);
    expect(outcome.hasil_str).toBe(
      'LULUS - Selamat! Kamu lulus di pilihan 1: Kedokteran - Universitas Indonesia',
    );
    expect(outcome.choices).toEqual([
      { num_option: 1, status: 1, status_str: 'LULUS' },
      { num_option: 2, status: 1, status_str: 'LULUS' },
    ]);
  });

  it('falls through to a later choice when the first fails on grade', () => {
    const outcome = ptnOutcome(600, [kedokteran, hukum]);
    expect(outcome.hasil).toBe(1);
    expect(outcome.passed?.num_option).toBe(2);
    expect(outcome.choices.map((c) => c.status)).toEqual([0, 1]);
    expect(outcome.choices[0].status_str).toBe('TIDAK LULUS');
  });

  it('fails everywhere when grade or capacity is missed', () => {
    const outcome = ptnOutcome(600, [kedokteran, { ...hukum, rank: 4 }]);
    expect(outcome.hasil).toBe(0);
    expect(outcome.hasil_str).toBe(FAIL_MESSAGE);
    expect(outcome.hasil_str).toContain('Belum lulus di pilihan mana pun');
    expect(outcome.passed).toBeNull();
  });

  it('fails without choices', () => {
    expect(ptnOutcome(999, []).hasil).toBe(0);
  });
});
