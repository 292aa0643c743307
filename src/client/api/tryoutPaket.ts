import type {
  CallReply,
  EndPaketBody,
  SaveAnswerPaketBody,
  StatusMapelBody,
  endPaketCall,
  previewPaketCall,
  saveAnswerPaketCall,
  startPaketCall,
  statusMapelCall,
} from '../../contract';
import { http } from './http';
import { fillPath, type PathOf } from './path';

const previewPath: PathOf<typeof previewPaketCall> = '/siswa/tryout/preview/paket/:paket/id/:id';
const startPath: PathOf<typeof startPaketCall> = '/siswa/tryout/start/id/:id/kategori/:categoryHash';
const saveAnswerPath: PathOf<typeof saveAnswerPaketCall> = '/siswa/tryout/saveanswer/id/:id';
const statusMapelPath: PathOf<typeof statusMapelCall> = '/siswa/tryout/statusmapel/id/:id';
const endPath: PathOf<typeof endPaketCall> = '/siswa/tryout/end/id/:id/kategori/:categoryHash';

export type PreviewPaketReply = CallReply<typeof previewPaketCall>;
export type StartPaketReply = CallReply<typeof startPaketCall>;
export type SaveAnswerPaketReply = CallReply<typeof saveAnswerPaketCall>;
export type StatusMapelReply = CallReply<typeof statusMapelCall>;
export type EndPaketReply = CallReply<typeof endPaketCall>;

/** Saved package answers always carry remaining time 100. */
export const SAVE_ANSWER_SISA_WAKTU = 100;

/**
 * A save that has not answered in this time counts as failed (the run engine retries it): on a dropped phone
 * connection a request can otherwise hang for minutes and hold every later answer of its question.
 */
export const SAVE_TIMEOUT_MS = 10_000;

export async function fetchPreviewPaket(paket: number, idJadwal: number): Promise<PreviewPaketReply> {
  const url = fillPath<typeof previewPaketCall>(previewPath, { paket, id: idJadwal });
  const { data } = await http.get<PreviewPaketReply>(url);
  return data;
}

export async function startPaket(
  idJadwal: number,
  kategoriHash: string,
  idSiswa: number,
): Promise<StartPaketReply> {
  const url = fillPath<typeof startPaketCall>(startPath, { id: idJadwal, categoryHash: kategoriHash });
  const { data } = await http.post<StartPaketReply>(url, { id_siswa: idSiswa });
  return data;
}

export async function saveAnswerPaket(
  idJadwal: number,
  body: SaveAnswerPaketBody,
): Promise<SaveAnswerPaketReply> {
  const url = fillPath<typeof saveAnswerPaketCall>(saveAnswerPath, { id: idJadwal });
  const { data } = await http.put<SaveAnswerPaketReply>(url, body, { timeout: SAVE_TIMEOUT_MS });
  return data;
}

export async function updateStatusMapel(idJadwal: number, body: StatusMapelBody): Promise<StatusMapelReply> {
  const url = fillPath<typeof statusMapelCall>(statusMapelPath, { id: idJadwal });
  const { data } = await http.put<StatusMapelReply>(url, body);
  return data;
}

export async function endPaket(
  idJadwal: number,
  kategoriHash: string,
  body: EndPaketBody,
): Promise<EndPaketReply> {
  const url = fillPath<typeof endPaketCall>(endPath, { id: idJadwal, categoryHash: kategoriHash });
  const { data } = await http.post<EndPaketReply>(url, body);
  return data;
}

/** The question PDF of a subject, a plain link: /api/pdf/soal/{id}/{hash}/{id_mapel}. */
export function soalPdfUrl(idJadwal: number, kategoriHash: string, idMapel: number): string {
  return `/api/pdf/soal/${idJadwal}/${encodeURIComponent(kategoriHash)}/${idMapel}`;
}
