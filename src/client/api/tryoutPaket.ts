import type {
  EndPaketBody,
  SaveAnswerPaketBody,
  StatusMapelBody,
  endPaketCall,
  previewPaketCall,
  saveAnswerPaketCall,
  startPaketCall,
  statusMapelCall,
} from '../../contract';
import { SAVE_CONFIG, send } from './endpoint';

/** Saved package answers always carry remaining time 100. */
export const SAVE_ANSWER_SISA_WAKTU = 100;

export function fetchPreviewPaket(paket: number, idJadwal: number) {
  return send<typeof previewPaketCall>('GET /siswa/tryout/preview/paket/:paket/id/:id', {
    paket,
    id: idJadwal,
  });
}

export function startPaket(idJadwal: number, kategoriHash: string, idSiswa: number) {
  return send<typeof startPaketCall>(
    'POST /siswa/tryout/start/id/:id/kategori/:categoryHash',
    { id: idJadwal, categoryHash: kategoriHash },
    { id_siswa: idSiswa },
  );
}

export function saveAnswerPaket(idJadwal: number, body: SaveAnswerPaketBody) {
  return send<typeof saveAnswerPaketCall>(
    'PUT /siswa/tryout/saveanswer/id/:id',
    { id: idJadwal },
    body,
    SAVE_CONFIG,
  );
}

export function updateStatusMapel(idJadwal: number, body: StatusMapelBody) {
  return send<typeof statusMapelCall>('PUT /siswa/tryout/statusmapel/id/:id', { id: idJadwal }, body);
}

export function endPaket(idJadwal: number, kategoriHash: string, body: EndPaketBody) {
  return send<typeof endPaketCall>(
    'POST /siswa/tryout/end/id/:id/kategori/:categoryHash',
    { id: idJadwal, categoryHash: kategoriHash },
    body,
  );
}

/** The question PDF of a subject, a plain link: /api/pdf/soal/{id}/{hash}/{id_mapel}. */
export function soalPdfUrl(idJadwal: number, kategoriHash: string, idMapel: number): string {
  return `/api/pdf/soal/${idJadwal}/${encodeURIComponent(kategoriHash)}/${idMapel}`;
}
