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
  app.get(materiKategoriCall.path, { schema: materiKategoriCall.schema }, async (request) => {
    requireSelf(request, request.params.idsiswa);
    return kategoriMateri(db);
  });

  app.get(materiMapelCall.path, { schema: materiMapelCall.schema }, async (request) => {
    requireSelf(request, request.params.idsiswa);
    return mapelMateri(db, request.params.idkategori);
  });

  app.get(materiListCall.path, { schema: materiListCall.schema }, async (request) => {
    const { idsiswa, idkategori, idmapel } = request.params;
    return daftarMateri(db, { siswa: requireSelf(request, idsiswa), idkategori, idmapel, now: now() });
  });

  app.post(startMateriCall.path, { schema: startMateriCall.schema }, async (request) =>
    startMateri(db, {
      siswa: requireSelf(request, request.body.id_siswa),
      idMateri: request.params.idmateri,
      config,
      now: now(),
    }),
  );

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

  app.post(endMateriCall.path, { schema: endMateriCall.schema }, async (request) =>
    endMateri(db, {
      siswa: requireSelf(request, request.body.id_siswa),
      idMateri: request.params.idmateri,
      body: request.body,
      now: now(),
    }),
  );

  app.post(hasilMateriListCall.path, { schema: hasilMateriListCall.schema }, async (request) =>
    daftarHasilMateri(db, requireSelf(request, request.body.id_siswa), now()),
  );

  app.post(hasilMateriCall.path, { schema: hasilMateriCall.schema }, async (request) =>
    hasilMateri(db, {
      siswa: requireSelf(request, request.body.id_siswa),
      idMateri: request.params.idmateri,
      now: now(),
    }),
  );

  app.post(pembahasanMateriCall.path, { schema: pembahasanMateriCall.schema }, async (request) =>
    pembahasanMateri(db, {
      siswa: requireSelf(request, request.body.id_siswa),
      idMateri: request.params.idmateri,
      now: now(),
    }),
  );
};
