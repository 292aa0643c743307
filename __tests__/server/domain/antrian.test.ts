import {
  antrianText,
  firstOpenIndex,
  kategoriAntrian,
  mapelAntrian,
} from '../../../src/server/domain/antrian';

describe('kategoriAntrian', () => {
  it('queues every category behind an unfinished one', () => {
    expect(kategoriAntrian([{ selesai: false }, { selesai: false }, { selesai: false }])).toEqual([0, 1, 1]);
  });
  it('frees the next category once the one before is ended', () => {
    expect(kategoriAntrian([{ selesai: true }, { selesai: false }, { selesai: false }])).toEqual([0, 0, 1]);
    expect(kategoriAntrian([{ selesai: true }, { selesai: true }, { selesai: false }])).toEqual([0, 0, 0]);
  });
  it('never queues an ended category, nor the first one', () => {
    expect(kategoriAntrian([{ selesai: true }, { selesai: true }])).toEqual([0, 0]);
    expect(kategoriAntrian([{ selesai: false }])).toEqual([0]);
    expect(kategoriAntrian([])).toEqual([]);
  });
});

describe('mapelAntrian', () => {
  const names = ['Penalaran Umum', 'Pengetahuan Kuantitatif', 'Literasi Bahasa Indonesia'];
  const list = (done: boolean[]) => names.map((nama, i) => ({ nama, selesai: done[i] }));

  it('opens the first subject and queues the others behind it, naming it', () => {
    expect(mapelAntrian(list([false, false, false]))).toEqual([
      { antrian: 0, antrian_str: '' },
      { antrian: 1, antrian_str: 'Selesaikan Penalaran Umum terlebih dahulu' },
      { antrian: 2, antrian_str: 'Selesaikan Penalaran Umum terlebih dahulu' },
    ]);
  });
  it('moves the queue on when a subject is finished', () => {
    expect(mapelAntrian(list([true, false, false]))).toEqual([
      { antrian: 0, antrian_str: '' },
      { antrian: 0, antrian_str: '' },
      { antrian: 1, antrian_str: 'Selesaikan Pengetahuan Kuantitatif terlebih dahulu' },
    ]);
  });
  it('has no queue when everything is finished', () => {
    expect(mapelAntrian(list([true, true, true])).every((m) => m.antrian === 0 && m.antrian_str === '')).toBe(
      true,
    );
  });
  it('firstOpenIndex and antrianText', () => {
    expect(firstOpenIndex(list([true, false, false]))).toBe(1);
    expect(firstOpenIndex(list([true, true, true]))).toBe(-1);
    expect(antrianText('Penalaran Umum')).toBe('Selesaikan Penalaran Umum terlebih dahulu');
  });
});
