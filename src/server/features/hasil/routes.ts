/**
 * Package results, PTN status, Sync, package discussion and the result/discussion PDFs (/siswa/tryout/hasil*,
 * pembahasan; pdf/documents.ts). Each handler checks who asks and calls one function.
 */
import { Type } from '@sinclair/typebox';
import { Failure } from '../../../contract/common';
import { CategoryHash, Id } from '../../../contract/fields';
import {
  generateHasilMapelCall,
  hasilJadwalCall,
  hasilKategoriCall,
  hasilListCall,
  hasilPtnCall,
  hasilSkorCall,
  pembahasanCall,
} from '../../../contract/hasil';
import type { FeatureRoutes } from '../../context';
import { sendPdf } from '../../pdf/reply';
import { currentSiswa } from '../../plugins/auth';
import { byIdSiswa, byIdsiswa, routeSiswa } from '../../plugins/siswaRoute';
import { daftarHasil, hasilJadwal, hasilKategori, hasilSkor } from './nilai';
import { pembahasanPaket } from './pembahasan';
import { hasilPdfSiswa, pembahasanPdfSiswa } from './pdf';
import { statusPtn, syncHasilMapel } from './ptn';

/** The PDFs' links (discussion, result): plain links authenticated by the session cookie, not API calls of the contract. */
const KategoriParams = Type.Object({ idjadwal: Id('schedule (jadwal) id'), kategoriHash: CategoryHash() });
const pdfErrors = { '4xx': Failure, '5xx': Failure };

export const hasilRoutes: FeatureRoutes = (app, { db, now }) => {
  routeSiswa(app, hasilListCall, byIdSiswa, (siswa) => daftarHasil(db, siswa, now()));
  routeSiswa(app, hasilKategoriCall, byIdSiswa, (siswa, { params }) =>
    hasilKategori(db, { siswa, idJadwal: params.id, hash: params.kategori, now: now() }),
  );
  routeSiswa(app, hasilJadwalCall, byIdSiswa, (siswa, { params }) =>
    hasilJadwal(db, { siswa, idJadwal: params.id, now: now() }),
  );
  routeSiswa(app, hasilSkorCall, byIdSiswa, (siswa) => hasilSkor(db, siswa, now()));
  routeSiswa(app, hasilPtnCall, byIdsiswa, (siswa, { body }) =>
    statusPtn(db, { siswa, idJadwal: body.idjadwal, now: now() }),
  );
  routeSiswa(app, generateHasilMapelCall, byIdsiswa, (siswa, { body }) =>
    syncHasilMapel(db, { siswa, idJadwal: body.idjadwal, now: now() }),
  );
  routeSiswa(app, pembahasanCall, byIdsiswa, (siswa, { body }) =>
    pembahasanPaket(db, { siswa, idJadwal: body.idjadwal, idMapel: body.idmapel, now: now() }),
  );

  for (const [dokumen, pdfSiswa] of [
    ['pembahasan', pembahasanPdfSiswa],
    ['hasil', hasilPdfSiswa],
  ] as const) {
    app.get(
      `/pdf/${dokumen}/:idjadwal/:kategoriHash`,
      { schema: { params: KategoriParams, response: pdfErrors } },
      async (request, reply) => {
        const { filename, pdf } = await pdfSiswa(db, {
          siswa: currentSiswa(request),
          idJadwal: request.params.idjadwal,
          hash: request.params.kategoriHash,
          now: now(),
        });
        return sendPdf(reply, filename, pdf);
      },
    );
  }
};
