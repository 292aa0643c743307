/** The bench's command line: `npm run bench [-- --students N --seconds S … --targets sqlite,sqlite2,pg1,pg2]`, and
 * BENCH_DATABASE_URL. */
import { parseArgs } from 'node:util';

export interface Options {
  students: number;
  seconds: number;
  connections: number;
  loginConnections: number;
  irtItems: number;
  irtPersons: number;
  /** Only seed the event and time its close (e.g. at 100,000 students, where the load phases are not the point). */
  closeOnly: boolean;
  /**
   * Only the login storm and the exam phases (start, status, save, preview): no overload, no close, no result
   * reads, no IRT timing. What fits the 8-minute cap of a shared machine at 100,000 students.
   */
  examOnly: boolean;
  /**
   * Only the exam's phases with the overload (start spike, status report, answer save, overload, preview) and the
   * lost-answer check: no login storm (minutes of password hashing), no results phases, no IRT timing. A run that
   * fits a few minutes, for the overload figures.
   */
  overloadOnly: boolean;
  /**
   * Only the PDF phase (pdfPhase.ts): a subject of `pdfQuestions` questions with TeX, its question PDF fetched
   * twice and its discussion PDF once, a cheap call timed beside each first render. No database target runs.
   */
  pdfOnly: boolean;
  /** Questions of the PDF phase's subject (216 by default: issue 48's file). */
  pdfQuestions: number;
  postgresUrl: string | null;
  /**
   * Which runs to make: `sqlite`, `pg1`, `pg2` (PostgreSQL with 1 or 2 workers) by default; `sqlite2` is SQLite
   * with 2 workers (one writer still: the second point of the capacity model's check).
   */
  targets: Set<string>;
}

const TARGETS = ['sqlite', 'sqlite2', 'pg1', 'pg2'];
const DEFAULT_TARGETS = ['sqlite', 'pg1', 'pg2'];

export function options(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      students: { type: 'string', default: '2000' },
      seconds: { type: 'string', default: '10' },
      connections: { type: 'string', default: '64' },
      'login-connections': { type: 'string', default: '1000' },
      'irt-items': { type: 'string', default: '200' },
      'irt-persons': { type: 'string', default: '100000' },
      'close-only': { type: 'boolean', default: false },
      'exam-only': { type: 'boolean', default: false },
      'overload-only': { type: 'boolean', default: false },
      'pdf-only': { type: 'boolean', default: false },
      'pdf-questions': { type: 'string', default: '216' },
      targets: { type: 'string', default: DEFAULT_TARGETS.join(',') },
    },
  });
  const positive = (name: string, raw: string | undefined) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1)
      throw new Error(`--${name} harus bilangan bulat ≥ 1, bukan "${raw}"`);
    return value;
  };
  return {
    students: positive('students', values.students),
    seconds: positive('seconds', values.seconds),
    connections: positive('connections', values.connections),
    loginConnections: positive('login-connections', values['login-connections']),
    irtItems: positive('irt-items', values['irt-items']),
    irtPersons: positive('irt-persons', values['irt-persons']),
    closeOnly: values['close-only'] === true,
    examOnly: values['exam-only'] === true,
    overloadOnly: values['overload-only'] === true,
    pdfOnly: values['pdf-only'] === true,
    pdfQuestions: positive('pdf-questions', values['pdf-questions']),
    postgresUrl: process.env.BENCH_DATABASE_URL?.trim() || null,
    targets: new Set(
      (values.targets ?? '').split(',').map((name) => {
        if (!TARGETS.includes(name)) throw new Error(`--targets: ${name} bukan salah satu dari ${TARGETS}`);
        return name;
      }),
    ),
  };
}
