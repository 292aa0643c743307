import { JALAN, NAMA_BELAKANG, NAMA_DEPAN, NAMA_TENGAH, SEKOLAH } from './names';
import type { Rng } from './random';
import type { SiswaDemo } from './tabelSiswa';

/**
 * Synthetic participants: they never log in, they give rankings, averages and IRT real data. They are imported as
 * synthetic (imporSiswa's `sintetis`): a disabled password, marked is_synthetic.
 */

export interface Peserta {
  siswa: SiswaDemo;
  event: boolean;
  /** Ability (logits) for the simulated answers. */
  theta: number;
}

/** Event participants: a third of them, but at least enough for IRT calibration when the seed is small. */
export function jumlahEvent(total: number): number {
  return Math.min(total, Math.max(Math.round(total / 3), 35));
}

function telepon(rng: Rng): string {
  const prefix = rng.pick(['0812', '0813', '0821', '0852', '0857', '0878', '0896', '0838']);
  let rest = '';
  for (let i = 0; i < 8; i += 1) rest += String(rng.int(0, 9));
  return `${prefix}${rest}`;
}

function slug(text: string): string {
  return text.toLowerCase().replace(/[^a-z]+/g, '');
}

function lembagaReguler(rng: Rng): { lembaga: string; id_program: number } {
  const roll = rng.next();
  if (roll < 0.65) return { lembaga: 'SiapTes', id_program: rng.pick([1, 1, 2, 6, 7]) };
  if (roll < 0.92) return { lembaga: 'tutorindonesia', id_program: 5 };
  return { lembaga: 'Bimbel Nusantara', id_program: 2 };
}

export function pesertaSintetis(rng: Rng, total: number): Peserta[] {
  const event = jumlahEvent(total);
  return Array.from({ length: total }, (_, i): Peserta => {
    const isEvent = i >= total - event;
    const depan = rng.pick(NAMA_DEPAN);
    const tengah = rng.chance(0.45) ? ` ${rng.pick(NAMA_TENGAH)}` : '';
    const belakang = rng.pick(NAMA_BELAKANG);
    const [kota, provinsi, sekolah] = rng.pick(SEKOLAH);
    const ips = rng.chance(0.4);
    const nomor = String(i + 1).padStart(3, '0');
    const username = `${slug(depan)}.${slug(belakang)}${nomor}`;
    const { lembaga, id_program } = isEvent ? { lembaga: 'TO Akbar', id_program: 3 } : lembagaReguler(rng);
    return {
      event: isEvent,
      theta: rng.normal(),
      siswa: {
        username,
        nama_lengkap: `${depan}${tengah} ${belakang}`,
        nama_panggilan: depan,
        id_program,
        lembaga,
        minat: ips ? 'SMA KELAS 12 IPS' : 'SMA KELAS 12 IPA',
        no_telp: telepon(rng),
        no_telp_ortu: telepon(rng),
        alamat: `${rng.pick(JALAN)} No. ${rng.int(1, 180)}, ${kota}, ${provinsi}`,
        email: `${username}@siswa.siaptes.id`,
        kelas: 'XII',
        jenjang: 'SMA',
        sekolah,
        kurikulum_str: rng.chance(0.8) ? 'Kurikulum Merdeka' : 'Kurikulum 2013',
      },
    };
  });
}
