/**
 * The marker of a statement question: its answer is 'Z' once any of its statements is answered (neither '0' nor
 * blank) and '0' while none is. Stated once, in SQL that both dialects read alike: the saves' shared write
 * (tulis/simpanBersama.ts) must compute it inside the statement that writes the statements, and a save's own transaction
 * (`tulisPenanda` in queries/jawaban.ts) uses the same text, so the two ways cannot drift apart.
 */

/** SQL true when the statement answer `nilai` (an SQL expression) counts as answered. */
export function terjawabSql(nilai: string): string {
  return `(${nilai} <> '0' AND trim(${nilai}) <> '')`;
}

/**
 * SQL for the marker of a statement question: `pernyataan` is the FROM … WHERE listing its statements and `nilai`
 * the expression of each statement's answer in it.
 */
export function penandaSql(pernyataan: string, nilai: string): string {
  return `CASE WHEN EXISTS (SELECT 1 FROM ${pernyataan} AND ${terjawabSql(nilai)}) THEN 'Z' ELSE '0' END`;
}
