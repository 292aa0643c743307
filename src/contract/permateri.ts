/** The per-topic tryout rule, kept free of TypeBox so the SPA's first screen can import it without the schemas. */

/** Programmes whose students take per-topic tryouts. */
export const PROGRAM_PERMATERI: readonly number[] = [1, 2, 5, 6, 7];

/**
 * Who may take a per-topic tryout: never an event student, otherwise the programmes above. The server refuses the
 * others; the SPA shows the Permateri card by the same rule, from the profile's `jenis_siswa` and `id_program`.
 */
export function bolehPermateri(isEvent: boolean, idProgram: number): boolean {
  return !isEvent && PROGRAM_PERMATERI.includes(idProgram);
}
