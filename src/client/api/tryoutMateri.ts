import type {
  CallReply,
  EndMateriBody,
  SaveAnswerMateriBody,
  endMateriCall,
  materiKategoriCall,
  materiListCall,
  materiMapelCall,
  saveAnswerMateriCall,
  startMateriCall,
} from '../../contract';
import { http } from './http';
import { fillPath, type PathOf } from './path';
import { SAVE_TIMEOUT_MS } from './tryoutPaket';

const kategoriPath: PathOf<typeof materiKategoriCall> = '/siswa/tryoutmateri/preview/idsiswa/:idsiswa';
const mapelPath: PathOf<typeof materiMapelCall> =
  '/siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori';
const materiPath: PathOf<typeof materiListCall> =
  '/siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori/mapel/:idmapel';
const startPath: PathOf<typeof startMateriCall> = '/siswa/tryoutmateri/start/materi/:idmateri';
const saveAnswerPath: PathOf<typeof saveAnswerMateriCall> =
  '/siswa/tryoutmateri/saveanswer/idmateri/:idmateri';
const endPath: PathOf<typeof endMateriCall> = '/siswa/tryoutmateri/end/materi/:idmateri';

export type MateriKategoriReply = CallReply<typeof materiKategoriCall>;
export type MateriMapelReply = CallReply<typeof materiMapelCall>;
export type MateriListReply = CallReply<typeof materiListCall>;
export type StartMateriReply = CallReply<typeof startMateriCall>;
export type SaveAnswerMateriReply = CallReply<typeof saveAnswerMateriCall>;
export type EndMateriReply = CallReply<typeof endMateriCall>;

export async function fetchMateriKategori(idsiswa: number): Promise<MateriKategoriReply> {
  const { data } = await http.get<MateriKategoriReply>(
    fillPath<typeof materiKategoriCall>(kategoriPath, { idsiswa }),
  );
  return data;
}

export async function fetchMateriMapel(idsiswa: number, idkategori: number): Promise<MateriMapelReply> {
  const url = fillPath<typeof materiMapelCall>(mapelPath, { idsiswa, idkategori });
  const { data } = await http.get<MateriMapelReply>(url);
  return data;
}

export async function fetchMateriList(
  idsiswa: number,
  idkategori: number,
  idmapel: number,
): Promise<MateriListReply> {
  const url = fillPath<typeof materiListCall>(materiPath, { idsiswa, idkategori, idmapel });
  const { data } = await http.get<MateriListReply>(url);
  return data;
}

export async function startMateri(idmateri: number, idSiswa: number): Promise<StartMateriReply> {
  const url = fillPath<typeof startMateriCall>(startPath, { idmateri });
  const { data } = await http.post<StartMateriReply>(url, { id_siswa: idSiswa });
  return data;
}

export async function saveAnswerMateri(
  idmateri: number,
  body: SaveAnswerMateriBody,
): Promise<SaveAnswerMateriReply> {
  const url = fillPath<typeof saveAnswerMateriCall>(saveAnswerPath, { idmateri });
  const { data } = await http.put<SaveAnswerMateriReply>(url, body, { timeout: SAVE_TIMEOUT_MS });
  return data;
}

export async function endMateri(idmateri: number, body: EndMateriBody): Promise<EndMateriReply> {
  const url = fillPath<typeof endMateriCall>(endPath, { idmateri });
  const { data } = await http.post<EndMateriReply>(url, body);
  return data;
}
