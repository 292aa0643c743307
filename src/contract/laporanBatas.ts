/** The bounds of a problem report, shared by the SPA and the server without the contract's schemas. */

/** The longest sentence a student writes. */
export const PESAN_MAKS = 1000;
/** The largest DevTools export a report carries (bytes of its text); a longer history is cut at the front. */
export const EKSPOR_MAKS_BYTES = 2 * 1024 * 1024;
