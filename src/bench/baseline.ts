/**
 * The floor each figure is compared with, run as its own server process (`baseline.ts MODE PORT DATABASE_URL
 * [WORKERS]`): a bare Fastify route that parses the JSON body and answers `{status: true}` (`route`), or the same
 * plus one prepared durable upsert of the answer (`upsert`: SQLite in WAL mode with the app's pragmas, or
 * PostgreSQL INSERT … ON CONFLICT). Its row has the shape of an answer row (`jawaban`: key, attempt, question,
 * answer, time, unique per attempt and question), so the index work per write is the app's. Prints "ready" once
 * listening.
 */
import cluster from 'node:cluster';
import Fastify from 'fastify';
import { dialectOfUrl, sqlitePathOf } from '../server/db/createDb';

type Mode = 'route' | 'upsert';
type Upsert = (id: number, idHasilTo: number, jawaban: string) => Promise<void>;

interface SaveBody {
  id_hasil_to: number;
  id_jawaban: number;
  jawaban: string;
}

const TABLE = 'bench_upsert';
const COLUMNS = `id integer PRIMARY KEY, id_hasil_to integer NOT NULL, id_soal integer NOT NULL,
  jawaban text NOT NULL, updated_at bigint NOT NULL, UNIQUE (id_hasil_to, id_soal)`;
const UPSERT = `INSERT INTO ${TABLE} (id, id_hasil_to, id_soal, jawaban, updated_at) VALUES ($1, $2, $3, $4, $5)
  ON CONFLICT (id) DO UPDATE SET jawaban = excluded.jawaban, updated_at = excluded.updated_at`;

async function openUpsert(databaseUrl: string): Promise<Upsert> {
  if (dialectOfUrl(databaseUrl) === 'postgres') {
    const pg = await import('pg');
    // The app's pool size (DB_POOL_SIZE, 10 by default): the same connections to the database as the server.
    const pool = new pg.Pool({ connectionString: databaseUrl, max: Number(process.env.DB_POOL_SIZE) || 10 });
    // With WORKERS > 1 every worker runs this at once; PostgreSQL may refuse all but one concurrent CREATE (its
    // catalog's unique index), and then the table exists.
    await pool.query(`CREATE TABLE IF NOT EXISTS ${TABLE} (${COLUMNS})`).catch(async () => {
      await pool.query(`SELECT 1 FROM ${TABLE} LIMIT 1`);
    });
    return async (id, idHasilTo, jawaban) => {
      await pool.query({
        name: 'bench_upsert',
        text: UPSERT,
        values: [id, idHasilTo, id, jawaban, Date.now()],
      });
    };
  }
  const { default: BetterSqlite3 } = await import('better-sqlite3');
  const database = new BetterSqlite3(sqlitePathOf(databaseUrl));
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('busy_timeout = 5000');
  database.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (${COLUMNS})`);
  // better-sqlite3 binds `?` in order where PostgreSQL writes $N.
  const statement = database.prepare(UPSERT.replace(/\$\d/g, '?'));
  return async (id, idHasilTo, jawaban) => {
    statement.run(id, idHasilTo, id, jawaban, Date.now());
  };
}

async function serve(mode: Mode, port: number, databaseUrl: string): Promise<void> {
  const upsert = mode === 'upsert' ? await openUpsert(databaseUrl) : null;
  const app = Fastify();
  const answer = async (request: { body: unknown }) => {
    const body = request.body as SaveBody;
    if (upsert) await upsert(Number(body.id_jawaban), Number(body.id_hasil_to), String(body.jawaban));
    return { status: true };
  };
  app.put('/bare', answer);
  app.post('/bare', answer);
  app.get('/bare', async () => ({ status: true }));
  await app.listen({ port, host: '127.0.0.1' });
  if (cluster.isPrimary) console.log('ready');
  else process.send?.('ready');
}

function main(): void {
  const [mode, port, databaseUrl, workers = '1'] = process.argv.slice(2);
  if (mode !== 'route' && mode !== 'upsert') throw new Error(`mode ${mode}: route atau upsert`);
  const count = Number(workers);
  if (cluster.isPrimary && count > 1) {
    let ready = 0;
    for (let i = 0; i < count; i++) {
      cluster.fork().on('message', () => {
        if (++ready === count) console.log('ready');
      });
    }
    process.once('SIGTERM', () => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
      process.exit(0);
    });
    return;
  }
  serve(mode, Number(port), databaseUrl).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}

main();
