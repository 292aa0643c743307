/** The server's boundaries are held by lint (DESIGN.md "Working rules"): a violation fails `npm run lint`. */
import { restrictedIn } from '../../helpers/lintBoundaries';

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
});
