/**
 * The option letters of a question, in a module of their own without TypeBox: the SPA's sheet and review pages
 * import them (fields.ts re-exports them for the schemas and the server), and the contract's index would have
 * them build every schema of the API on a phone as the sheet opens.
 */

/** The option letters of a multiple-choice question (type 1), in order; E only for students with five choices. */
export const HURUF_OPSI = ['A', 'B', 'C', 'D', 'E'] as const;
export type HurufOpsi = (typeof HURUF_OPSI)[number];

/** Whether `value` is one of the option letters (upper case). */
export function isHurufOpsi(value: string): value is HurufOpsi {
  return (HURUF_OPSI as readonly string[]).includes(value);
}

/** The field that holds each letter's option text. */
export const KOLOM_OPSI = { A: 'a', B: 'b', C: 'c', D: 'd', E: 'e' } as const satisfies Record<
  HurufOpsi,
  string
>;
