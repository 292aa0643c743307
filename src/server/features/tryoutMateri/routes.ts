/** Per-topic tryout, "tryout permateri" (/siswa/tryoutmateri/*). Each handler checks who asks and calls one function. */
import {
  endMateriCall,
  hasilMateriCall,
  hasilMateriListCall,
  materiKategoriCall,
  materiListCall,
  materiMapelCall,
  pembahasanMateriCall,
  saveAnswerMateriCall,
  startMateriCall,
} from '../../../contract/tryoutMateri';
import type { FeatureRoutes } from '../../context';
import { requireSelf } from '../../plugins/auth';
import { byIdSiswa, byPathIdsiswa, routeSiswa } from '../../plugins/siswaRoute';
import { daftarHasilMateri, hasilMateri, pembahasanMateri } from './hasil';
import { daftarMateri, kategoriMateri, mapelMateri } from './preview';
import { endMateri, saveAnswerMateri, startMateri } from './ujian';
import { countSave } from '../../lib/saveMetrics';
import { PESAN } from './teks';

/** Why a save was refused, as the metric siaptes_saves_refused_total names it. */
const SAVE_REFUSALS = new Map<string, string>([
  [PESAN.belumDimulai, 'not_started'],
  [PESAN.sudahSelesai, 'attempt_ended'],
  [PESAN.waktuHabis, 'time_up'],
]);

export const tryoutMateriRoutes: FeatureRoutes = (app, { db, config, now }) => {
  routeSiswa(app, materiKategoriCall, byPathIdsiswa, () => kategoriMateri(db));
  routeSiswa(app, materiMapelCall, byPathIdsiswa, (_siswa, { params }) => mapelMateri(db, params.idkategori));
  routeSiswa(app, materiListCall, byPathIdsiswa, (siswa, { params }) =>
    daftarMateri(db, { siswa, idkategori: params.idkategori, idmapel: params.idmapel, now: now() }),
  );
  routeSiswa(app, startMateriCall, byIdSiswa, (siswa, { params }) =>
    startMateri(db, { siswa, idMateri: params.idmateri, config, now: now() }),
  );
  // The caller is checked inside the count: a save for another student counts as refused (forbidden).
  app.put(saveAnswerMateriCall.path, { schema: saveAnswerMateriCall.schema }, async (request) =>
    countSave(
      'materi',
      (message) => SAVE_REFUSALS.get(message),
      () =>
        saveAnswerMateri(db, {
          siswa: requireSelf(request, request.body.idsiswa),
          idMateri: request.params.idmateri,
          body: request.body,
          now: now(),
        }),
    ),
  );
  routeSiswa(app, endMateriCall, byIdSiswa, (siswa, { params, body }) =>
    endMateri(db, { siswa, idMateri: params.idmateri, body, now: now() }),
  );
  routeSiswa(app, hasilMateriListCall, byIdSiswa, (siswa) => daftarHasilMateri(db, siswa, now()));
  routeSiswa(app, hasilMateriCall, byIdSiswa, (siswa, { params }) =>
    hasilMateri(db, { siswa, idMateri: params.idmateri, now: now() }),
  );
  routeSiswa(app, pembahasanMateriCall, byIdSiswa, (siswa, { params }) =>
    pembahasanMateri(db, { siswa, idMateri: params.idmateri, now: now() }),
  );
};
