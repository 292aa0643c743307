/**
 * A simulated Rasch response matrix as `npm run irt` reads it (header of item ids, one 0/1 row per person), for
 * timing the IRT command at event size: `tsx src/bench/irtCsv.ts OUT.csv [items] [persons]`
 * (default 200 × 100,000). Deterministic: the same sizes give the same file.
 */
import { createWriteStream } from 'node:fs';
import { Rng } from '../server/demo/random';

export function* irtCsvLines(items: number, persons: number, seed = 11): Generator<string> {
  const rng = new Rng(seed);
  // Difficulties spread evenly over −2..2 logits; abilities standard normal.
  const difficulties = Array.from({ length: items }, (_, i) =>
    items === 1 ? 0 : -2 + (4 * i) / (items - 1),
  );
  yield difficulties.map((_, i) => `b${i + 1}`).join(',');
  const cells = new Array<string>(items);
  for (let person = 0; person < persons; person++) {
    const theta = rng.normal();
    for (let i = 0; i < items; i++)
      cells[i] = rng.next() < 1 / (1 + Math.exp(difficulties[i] - theta)) ? '1' : '0';
    yield cells.join(',');
  }
}

/** Writes the matrix to `file`; resolves when it is on disk. */
export function writeIrtCsv(file: string, items: number, persons: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const out = createWriteStream(file);
    out.on('error', reject);
    out.on('finish', () => resolve());
    let batch: string[] = [];
    for (const line of irtCsvLines(items, persons)) {
      batch.push(line);
      if (batch.length === 1000) {
        out.write(`${batch.join('\n')}\n`);
        batch = [];
      }
    }
    out.end(batch.length > 0 ? `${batch.join('\n')}\n` : '');
  });
}

if (require.main === module) {
  const [file, items = '200', persons = '100000'] = process.argv.slice(2);
  if (!file) {
    process.stderr.write('Pemakaian: tsx src/bench/irtCsv.ts BERKAS.csv [butir] [peserta]\n');
    process.exitCode = 1;
  } else {
    writeIrtCsv(file, Number(items), Number(persons)).catch((error: unknown) => {
      process.stderr.write(`${String(error)}\n`);
      process.exitCode = 1;
    });
  }
}
