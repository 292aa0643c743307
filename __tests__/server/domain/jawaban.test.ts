/** The answer rules both tryouts share (domain/jawaban.ts): a choice read as sent, and the longest text answers. */
import { bacaPilihan, batasPanjang } from '../../../src/server/domain/jawaban';

const semua = () => true;

describe('bacaPilihan', () => {
  it('reads a letter A–E whatever its case and spaces, and a cancel as sent', () => {
    expect(bacaPilihan(' b ', semua)).toEqual({ ok: true, huruf: 'B' });
    expect(bacaPilihan('E', semua)).toEqual({ ok: true, huruf: 'E' });
    expect(bacaPilihan('0', semua)).toEqual({ ok: true, batal: '0' });
    expect(bacaPilihan('  ', semua)).toEqual({ ok: true, batal: '' });
  });

  it('refuses what is no option letter, and a letter the student may not choose', () => {
    for (const jawaban of ['F', 'AB', '1', 'Z'])
      expect(bacaPilihan(jawaban, semua)).toEqual({ ok: false, alasan: 'bukanHuruf' });
    const empatPilihan = (huruf: string) => huruf !== 'E';
    expect(bacaPilihan('e', empatPilihan)).toEqual({ ok: false, alasan: 'tidakTersedia', huruf: 'E' });
    expect(bacaPilihan('d', empatPilihan)).toEqual({ ok: true, huruf: 'D' });
  });
});

describe('batasPanjang', () => {
  it('bounds short answers at 200 characters and essays at 5000; other types have no text bound', () => {
    expect(batasPanjang(2)).toBe(200);
    expect(batasPanjang(5)).toBe(200);
    expect(batasPanjang(4)).toBe(5000);
    expect(batasPanjang(1)).toBeNull();
    expect(batasPanjang(3)).toBeNull();
  });
});
