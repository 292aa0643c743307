/** Business constants of spec §5, §6 and §9 that decide what a student sees. */

/** Regular institutions (spec §1, §9; `{product}` = SiapTes). */
export const LEMBAGA_REGULER = ['SiapTes', 'tutorindonesia'] as const;

/** The event institution (spec §1), compared accent- and case-insensitively. */
export const LEMBAGA_EVENT = 'TO Akbar';

/** Programmes that show the Permateri card (spec §2 Dashboard, §9). */
export const PROGRAM_PERMATERI = [1, 2, 5, 6, 7] as const;

/** Interests for which regular students get five choices, up to E (spec §5). */
export const MINAT_LIMA_PILIHAN = [
  'SMA KELAS 10 IPA',
  'SMA KELAS 10 IPS',
  'SMA KELAS 11 IPA',
  'SMA KELAS 11 IPS',
  'SMA KELAS 12 IPA',
  'SMA KELAS 12 IPS',
] as const;
