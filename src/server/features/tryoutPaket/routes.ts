/** Package tryout (/siswa/tryout/preview|start|saveanswer|statusmapel|end). */
import {
  endPaketCall,
  previewPaketCall,
  saveAnswerPaketCall,
  startPaketCall,
  statusMapelCall,
} from '../../../contract/tryoutPaket';
import type { FeatureRoutes } from '../../context';
import { currentSiswa, requireSelf } from '../../plugins/auth';
import { Type } from '@sinclair/typebox';
import { Failure } from '../../../contract/common';
import { CategoryHash, Id } from '../../../contract/fields';
import { sendPdf } from '../../pdf/reply';
import { akhiriPaket } from './akhiri';
import { bukaSoalPdf } from './soalPdf';
import { previewPaket } from './preview';
import { saveAnswerPaket } from './simpan';
import { startPaket } from './start';
import { statusMapel } from './statusMapel';
import { PESAN } from './teks';
import { countSave } from '../../lib/saveMetrics';
import { isAntrianText } from '../../domain/antrian';

/** The question PDF's link: not an API call of the contract, a plain link. */
const SoalPdfParams = Type.Object({
  idjadwal: Id('schedule (jadwal) id'),
  kategoriHash: CategoryHash(),
  idmapel: Id('subject id'),
});

/** Why a save was refused, as the metric siaptes_saves_refused_total names it. */
const SAVE_REFUSALS = new Map<string, string>([
  [PESAN.sudahDiakhiri, 'attempt_ended'],
  [PESAN.jadwalBerakhir, 'schedule_over'],
  [PESAN.waktuHabis, 'time_up'],
  [PESAN.mapelBelumDibuka, 'subject_not_open'],
]);

/** A refusal's reason label; a subject queued behind an unfinished one names that one, so it is matched apart. */
function saveRefusalReason(message: string): string | undefined {
  return SAVE_REFUSALS.get(message) ?? (isAntrianText(message) ? 'subject_queued' : undefined);
}

export const tryoutPaketRoutes: FeatureRoutes = (app, { db, config, now }) => {
  app.get(previewPaketCall.path, { schema: previewPaketCall.schema }, async (request) => {
    const siswa = currentSiswa(request);
    const { paket, id } = request.params;
    const detailPaket = await previewPaket(db, { paket, idJadwal: id, siswa, config, now: now() });
    return { status: true, content: { paket, detailPaket } };
  });

  app.post(startPaketCall.path, { schema: startPaketCall.schema }, async (request) => {
    const siswa = requireSelf(request, request.body.id_siswa);
    const { id, categoryHash } = request.params;
    return startPaket(db, { idJadwal: id, hash: categoryHash, siswa, config, now: now() });
  });

  app.put(saveAnswerPaketCall.path, { schema: saveAnswerPaketCall.schema }, async (request) => {
    const siswa = currentSiswa(request);
    return countSave('paket', saveRefusalReason, () =>
      saveAnswerPaket(db, {
        idJadwal: request.params.id,
        body: request.body,
        siswa,
        config,
        now: now(),
      }),
    );
  });

  app.put(statusMapelCall.path, { schema: statusMapelCall.schema }, async (request) => {
    const siswa = requireSelf(request, request.body.id_siswa);
    return statusMapel(db, { idJadwal: request.params.id, body: request.body, siswa, config, now: now() });
  });

  app.post(endPaketCall.path, { schema: endPaketCall.schema }, async (request) => {
    const siswa = requireSelf(request, request.body.id_siswa);
    const { id, categoryHash } = request.params;
    return akhiriPaket(db, { idJadwal: id, hash: categoryHash, siswa, config, now: now() });
  });

  app.get(
    '/pdf/soal/:idjadwal/:kategoriHash/:idmapel',
    { schema: { params: SoalPdfParams, response: { '4xx': Failure, '5xx': Failure } } },
    async (request, reply) => {
      const { idjadwal, kategoriHash, idmapel } = request.params;
      const { filename, pdf } = await bukaSoalPdf(db, {
        idJadwal: idjadwal,
        hash: kategoriHash,
        idMapel: idmapel,
        siswa: currentSiswa(request),
        config,
        now: now(),
      });
      return sendPdf(reply, filename, pdf);
    },
  );
};
