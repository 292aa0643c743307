/** A problem found in an operator's file: where it is and what is wrong, in words the operator understands. */
export interface Masalah {
  /** File and line (CSV) or file and JSON path (package). */
  tempat: string;
  pesan: string;
}

/** Thrown when a file has problems; nothing was written. */
export class FileBermasalah extends Error {
  constructor(readonly masalah: Masalah[]) {
    super(`${masalah.length} problem(s) found; nothing was written`);
  }
}

export function formatMasalah(masalah: readonly Masalah[]): string {
  return masalah.map((m) => `${m.tempat}: ${m.pesan}`).join('\n');
}
