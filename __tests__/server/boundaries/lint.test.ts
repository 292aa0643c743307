/** The server's boundaries are held by lint (README "Layout"): a violation fails `npm run lint`. */
import { restrictedIn } from '../../helpers/lintBoundaries';

const LIB_BELOW_DB =
  'lib/ is below db/ (db/ builds on lib/) and imports nothing of it: move the piece that needs the database up into db/ or a feature.';
const DB_ROOMS =
  "db/'s rooms: migrations/ and batching/ build on the handle and schema (createDb, executor, types, transaction, compiledQuery) only, not on the read models or on each other.";
const SHARED_LAYERS = 'db/, pdf/ and the other shared layers do not import features/: features import them.';

jest.setTimeout(120_000);

describe('server lint zones', () => {
  it('refuse pdf/ and db/ importing a feature', () => {
    expect(
      restrictedIn(
        'src/server/pdf/probe.ts',
        "import { hasilKategoriSiswa } from '../features/hasil/queries';\nexport const probe = hasilKategoriSiswa;\n",
      ),
    ).toEqual([`Unexpected path "../features/hasil/queries" imported in restricted zone. ${SHARED_LAYERS}`]);
    expect(
      restrictedIn(
        'src/server/demo/probe.ts',
        "import { startPaket } from '../features/tryoutPaket/start';\nexport const probe = startPaket;\n",
      ),
    ).toEqual([
      `Unexpected path "../features/tryoutPaket/start" imported in restricted zone. ${SHARED_LAYERS}`,
    ]);
    expect(
      restrictedIn('src/server/db/probe.ts', "import { DEMO } from '../demo';\nexport const probe = DEMO;\n"),
    ).toEqual([
      'Unexpected path "../demo" imported in restricted zone. The database layer does not import the demo data: the demo loads through operator/.',
    ]);
  });

  it('refuse a feature importing another feature or app.ts, but allow the shared layers and context.ts', () => {
    expect(
      restrictedIn(
        'src/server/features/ranking/probe.ts',
        "import { daftarHasil } from '../hasil/nilai';\nexport const probe = daftarHasil;\n",
      ),
    ).toEqual([
      'Unexpected path "../hasil/nilai" imported in restricted zone. Features do not import each other: move the shared piece to scoring/, soal/ or lib/.',
    ]);
    expect(
      restrictedIn(
        'src/server/features/hasil/probe.ts',
        "import { buildApp } from '../../app';\nexport const probe = buildApp;\n",
      ),
    ).toEqual([
      'Unexpected path "../../app" imported in restricted zone. Only main.ts and the tools import app.ts: the context types are in context.ts.',
    ]);
    expect(
      restrictedIn(
        'src/server/features/hasil/probe.ts',
        [
          "import type { FeatureRoutes } from '../../context';",
          "import { rankPackage } from '../../scoring/skorPaket';",
          "import { soalDenganKunci } from '../../soal/soalMapel';",
          "import { sendPdf } from '../../pdf/reply';",
          'export const probe: [FeatureRoutes?, unknown?, unknown?, unknown?] = [undefined, rankPackage, soalDenganKunci, sendPdf];',
          '',
        ].join('\n'),
      ),
    ).toEqual([]);
  });

  it('refuse scoring/ importing a feature', () => {
    expect(
      restrictedIn(
        'src/server/scoring/probe.ts',
        "import { PESAN } from '../features/hasil/queries';\nexport const probe = PESAN;\n",
      ),
    ).toEqual([`Unexpected path "../features/hasil/queries" imported in restricted zone. ${SHARED_LAYERS}`]);
  });

  it('refuse db/, pdf/, scoring/ and lib/ importing plugins/, but allow lib/', () => {
    const BELOW_THE_ROUTES =
      'db/, pdf/, scoring/, soal/ and lib/ serve the routes and tools above them and import none of them: move the shared piece to lib/.';
    expect(
      restrictedIn(
        'src/server/scoring/probe.ts',
        [
          "import { HttpError } from '../plugins/errors';",
          "import type { Siswa } from '../plugins/auth';",
          "import { HttpError as Shared } from '../lib/httpError';",
          'export const probe: [unknown, Siswa?, unknown?] = [HttpError, undefined, Shared];',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      `Unexpected path "../plugins/errors" imported in restricted zone. ${BELOW_THE_ROUTES}`,
      `Unexpected path "../plugins/auth" imported in restricted zone. ${BELOW_THE_ROUTES}`,
    ]);
    expect(
      restrictedIn(
        'src/server/pdf/probe.ts',
        "import { EMBEDDED_DOCUMENT_PAGE } from '../plugins/security';\nexport const probe = EMBEDDED_DOCUMENT_PAGE;\n",
      ),
    ).toEqual([`Unexpected path "../plugins/security" imported in restricted zone. ${BELOW_THE_ROUTES}`]);
  });

  it('refuse lib/ importing db/, and let db/ import lib/', () => {
    expect(
      restrictedIn(
        'src/server/lib/probe.ts',
        [
          "import type { Executor } from '../db/executor';",
          "import type { SiswaRow } from '../db/siswa';",
          'export const probe: [Executor?, SiswaRow?] = [];',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      `Unexpected path "../db/executor" imported in restricted zone. ${LIB_BELOW_DB}`,
      `Unexpected path "../db/siswa" imported in restricted zone. ${LIB_BELOW_DB}`,
    ]);
    expect(
      restrictedIn(
        'src/server/db/probe.ts',
        "import { readBatchRows } from '../lib/metrics';\nexport const probe = readBatchRows;\n",
      ),
    ).toEqual([]);
  });

  it("keep db/'s rooms: batching/ and migrations/ build on the handle only", () => {
    expect(
      restrictedIn(
        'src/server/db/batching/probe.ts',
        [
          "import { findJadwal } from '../jadwal';",
          "import { directSqliteOf } from '../createDb';",
          "import { transaction } from '../transaction';",
          'export const probe = [findJadwal, directSqliteOf, transaction];',
          '',
        ].join('\n'),
      ),
    ).toEqual([`Unexpected path "../jadwal" imported in restricted zone. ${DB_ROOMS}`]);
    expect(
      restrictedIn(
        'src/server/db/migrations/probe.ts',
        "import { sePutaran } from '../batching/sePutaran';\nexport const probe = sePutaran;\n",
      ),
    ).toEqual([`Unexpected path "../batching/sePutaran" imported in restricted zone. ${DB_ROOMS}`]);
  });

  it("refuse a feature reaching the database's drivers, but let the hot path's home (tulis/) do it", () => {
    const RAW_DRIVER =
      "The database drivers are db/'s and the hot path's (features/tryoutPaket/tulis/): query through the Executor, or add the write there.";
    expect(
      restrictedIn(
        'src/server/features/tryoutPaket/probe.ts',
        [
          "import { directSqliteOf, dialectOf } from '../../db/createDb';",
          "import pg from 'pg';",
          'export const probe = [directSqliteOf, dialectOf, pg];',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      `'directSqliteOf' import from '../../db/createDb' is restricted from being used by a pattern. ${RAW_DRIVER}`,
      `'pg' import is restricted from being used. ${RAW_DRIVER}`,
    ]);
    expect(
      restrictedIn(
        'src/server/features/tryoutPaket/tulis/probe.ts',
        "import { directPostgresOf } from '../../../db/createDb';\nexport const probe = directPostgresOf;\n",
      ),
    ).toEqual([]);
  });

  it('refuse a feature importing the operator or the demo', () => {
    const FEATURE =
      'A feature builds on lib/, domain/, db/ and the shared layers (scoring/, soal/, pdf/, plugins/), not on the operator, the demo or the tools.';
    expect(
      restrictedIn(
        'src/server/features/hasil/probe.ts',
        "import { cariJadwal } from '../../operator/hasilJadwal';\nexport const probe = cariJadwal;\n",
      ),
    ).toEqual([`Unexpected path "../../operator/hasilJadwal" imported in restricted zone. ${FEATURE}`]);
  });

  it('refuse domain/ reaching I/O: the database, a Node module, process or window', () => {
    expect(
      restrictedIn(
        'src/server/domain/probe.ts',
        [
          "import { readFileSync } from 'node:fs';",
          "import { findJadwal } from '../db/jadwal';",
          "import { packageTotal } from './ranking';",
          'export const probe = [readFileSync, findJadwal, packageTotal, process.env.X, window.location];',
          '',
        ].join('\n'),
      ),
    ).toEqual([
      'Do not import Node.js builtin module "node:fs"',
      'Unexpected path "../db/jadwal" imported in restricted zone. Domain rules stay free of I/O: they import only other rules of domain/ and the contract.',
      "Unexpected use of 'process'. Domain rules stay free of I/O: take the value as a parameter.",
      "Unexpected use of 'window'. Domain rules stay free of I/O: take the value as a parameter.",
    ]);
  });

  it('refuse the server importing the load lab, and let the lab import the server', () => {
    const LAB =
      'The load lab (src/bench) is dev-only and stays out of dist/: the server, client and contract never import it.';
    expect(
      restrictedIn(
        'src/server/cli/probe.ts',
        "import { storedSaves } from '../../bench/answers';\nexport const probe = storedSaves;\n",
      ),
    ).toEqual([`Unexpected path "../../bench/answers" imported in restricted zone. ${LAB}`]);
    expect(
      restrictedIn(
        'src/server/main.ts',
        "import { ROOT } from '../bench/processes';\nexport const probe = ROOT;\n",
      ),
    ).toEqual([`Unexpected path "../bench/processes" imported in restricted zone. ${LAB}`]);
    expect(
      restrictedIn(
        'src/bench/probe.ts',
        "import { createDb } from '../server/db/createDb';\nexport const probe = createDb;\n",
      ),
    ).toEqual([]);
  });
});
