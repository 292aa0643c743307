/**
 * How a batch statement names an array parameter that it unnests: `(SELECT $n::type[])`, not `$n::type[]`.
 *
 * PostgreSQL plans a named statement with its parameters' values (a custom plan) until the plan made without them
 * (the generic plan) looks no more costly. Given the array itself, a custom plan knows how many keys it holds (the
 * 2–3 of a turn) while the generic plan guesses 10, so the generic plan never looked as cheap and every execution
 * was planned again: for a save's look-up 0.4 ms of planning against 0.1–0.4 ms of execution. Read through a
 * sub-select the length is unknown to both plans, they cost the same, and from the sixth execution on a connection
 * the cached generic plan runs without planning. Behind a transaction-mode pooler statements go unnamed and are
 * planned at each execution either way.
 */
export function larikParameter(nomor: number, tipe: string): string {
  return `(SELECT $${nomor}::${tipe}[])`;
}
