/**
 * The close-only run's table (`npm run bench -- --close-only`, src/bench/report.ts closeOnlyLines): a well-formed
 * Markdown table that states the event's size beside the close's time; and the full run's close row has as many
 * cells as its own table's header.
 */
import { closeOnlyLines, closeRow } from '../../src/bench/report';

/** The cells of a Markdown table row. */
const cellsOf = (line: string) =>
  line
    .slice(1, -1)
    .split(' | ')
    .map((cell) => cell.trim());

/** The rows of a close-only run's table. */
const tableOf = (lines: string[]) => lines.filter((line) => line.startsWith('|'));

describe('close-only table', () => {
  const lines = closeOnlyLines({
    label: 'PostgreSQL, 1 worker',
    close: { ms: 41_234, ok: true, participants: 100_000 },
    seedMs: 58_049,
    databaseMb: 1234.56,
  });
  const table = tableOf(lines);

  it('has a header, a separator and one row of the same width', () => {
    expect(table).toHaveLength(3);
    expect(table.map((line) => cellsOf(line).length)).toEqual([5, 5, 5]);
  });

  it('states the students beside the close time in seconds, the errors, the seeding and the size', () => {
    const [header, , values] = table.map(cellsOf);
    const byColumn = Object.fromEntries(header.map((name, i) => [name, values[i]]));
    expect(byColumn).toEqual({
      students: '100000',
      'close s (`siaptes close`)': '41.2',
      errors: '0',
      'seeding s': '58.0',
      'database MB': '1234.6',
    });
    expect(lines[0]).toBe('### PostgreSQL, 1 worker: the close of an event of 100000 students');
  });

  it('counts a failed close as an error', () => {
    const failed = tableOf(
      closeOnlyLines({
        label: 'SQLite, 1 process',
        close: { ms: 500, ok: false, participants: 10 },
        seedMs: 100,
        databaseMb: 1,
      }),
    );
    expect(cellsOf(failed[2])[2]).toBe('1');
  });
});

describe("the full run's close row", () => {
  it("has the full table's ten cells", () => {
    expect(cellsOf(closeRow({ ms: 1500, ok: true, participants: 300 }))).toHaveLength(10);
  });
});
