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
import { currentSiswa, requireSelf } from '../../plugins/auth';
import { daftarHasil, hasilJadwal, hasilKategori, hasilSkor } from './nilai';
import { pembahasanPaket } from './pembahasan';
import { hasilPdfSiswa, pembahasanPdfSiswa } from './pdf';
import { statusPtn, syncHasilMapel } from './ptn';

/** The PDFs' links (discussion, result): plain links authenticated by the session cookie, not API calls of the contract. */
const KategoriParams = Type.Object({ idjadwal: Id('schedule (jadwal) id'), kategoriHash: CategoryHash() });
const pdfErrors = { '4xx': Failure, '5xx': Failure };

export const hasilRoutes: FeatureRoutes = (app, { db, now }) => {
  app.post(hasilListCall.path, { schema: hasilListCall.schema }, async (request) =>
    daftarHasil(db, requireSelf(request, request.body.id_siswa), now()),
  );

  app.post(hasilKategoriCall.path, { schema: hasilKategoriCall.schema }, async (request) =>
    hasilKategori(db, {
      siswa: requireSelf(request, request.body.id_siswa),
      idJadwal: request.params.id,
      hash: request.params.kategori,
      now: now(),
    }),
  );

  app.post(hasilJadwalCall.path, { schema: hasilJadwalCall.schema }, async (request) =>
    hasilJadwal(db, {
      siswa: requireSelf(request, request.body.id_siswa),
      idJadwal: request.params.id,
      now: now(),
    }),
  );

  app.post(hasilSkorCall.path, { schema: hasilSkorCall.schema }, async (request) =>
    hasilSkor(db, requireSelf(request, request.body.id_siswa), now()),
  );

  app.post(hasilPtnCall.path, { schema: hasilPtnCall.schema }, async (request) =>
    statusPtn(db, {
      siswa: requireSelf(request, request.body.idsiswa),
      idJadwal: request.body.idjadwal,
      now: now(),
    }),
  );

  app.post(generateHasilMapelCall.path, { schema: generateHasilMapelCall.schema }, async (request) =>
    syncHasilMapel(db, {
      siswa: requireSelf(request, request.body.idsiswa),
      idJadwal: request.body.idjadwal,
      now: now(),
    }),
  );

  app.post(pembahasanCall.path, { schema: pembahasanCall.schema }, async (request) =>
    pembahasanPaket(db, {
      siswa: requireSelf(request, request.body.idsiswa),
      idJadwal: request.body.idjadwal,
      idMapel: request.body.idmapel,
      now: now(),
    }),
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
