/**
 * @jest-environment node
 */
/** The client's boundaries are held by lint (README "Layout"): a violation fails `npm run lint`. */
import { restrictedIn } from '../../helpers/lintBoundaries';

jest.setTimeout(60_000);

describe('client lint zones', () => {
  it("refuse a value from the contract's index (every TypeBox schema would load), allow its types", async () => {
    expect(
      restrictedIn(
        'src/client/features/hasil/probe.ts',
        "import { HURUF_OPSI } from '../../../contract';\nexport const probe = HURUF_OPSI;\n",
      ),
    ).toEqual([
      "'../../../contract' import is restricted from being used by a pattern. The contract's index builds every TypeBox schema as it loads: import values from their own module.",
    ]);
    expect(
      restrictedIn(
        'src/client/features/hasil/probe.ts',
        "import type { SoalPaket } from '../../../contract';\nimport { HURUF_OPSI } from '../../../contract/opsi';\nexport const probe: SoalPaket | typeof HURUF_OPSI = HURUF_OPSI;\n",
      ),
    ).toEqual([]);
  });

  it('refuse a feature importing another feature', async () => {
    const messages = restrictedIn(
      'src/client/features/hasil/probe.ts',
      "import { jadwalReducer } from '../jadwal/slice';\nexport const probe = jadwalReducer;\n",
    );
    expect(messages).toEqual([
      'Unexpected path "../jadwal/slice" imported in restricted zone. Features do not import each other: move the shared piece to components/ or lib/.',
    ]);
  });

  it('refuse a feature importing the auth feature’s slice: the session’s events are shared from session/', async () => {
    expect(
      restrictedIn(
        'src/client/features/hasil/probe.ts',
        "import { selectIdSiswa } from '../auth/slice';\nexport const probe = selectIdSiswa;\n",
      ),
    ).toEqual([
      'Unexpected path "../auth/slice" imported in restricted zone. Features do not import each other: move the shared piece to components/ or lib/.',
    ]);
    expect(
      restrictedIn(
        'src/client/features/hasil/probe.ts',
        "import { selectIdSiswa } from '../../session/events';\nexport const probe = selectIdSiswa;\n",
      ),
    ).toEqual([]);
  });

  it('refuse a feature importing app/, but allow the typed hooks', async () => {
    expect(
      restrictedIn(
        'src/client/features/tryoutPaket/probe.ts',
        "import { rootSaga } from '../../app/rootSaga';\nexport const probe = rootSaga;\n",
      ),
    ).toEqual([
      'Unexpected path "../../app/rootSaga" imported in restricted zone. Features do not import app/ (the typed hooks aside): app composes the features.',
    ]);
    expect(
      restrictedIn(
        'src/client/features/tryoutPaket/probe.ts',
        "import { useAppDispatch } from '../../app/hooks';\nexport const probe = useAppDispatch;\n",
      ),
    ).toEqual([]);
  });

  it('refuse lib/ importing a feature', async () => {
    const messages = restrictedIn(
      'src/client/lib/probe.ts',
      "import { tryoutPaketReducer } from '../features/tryoutPaket/slice';\nexport const probe = tryoutPaketReducer;\n",
    );
    expect(messages).toEqual([
      'Unexpected path "../features/tryoutPaket/slice" imported in restricted zone. Shared modules import neither features nor app/.',
    ]);
  });
});
