/** Calls of the results pages (/siswa/tryout/hasil*, hasilskor, hasilptn, generatehasilmapel, pembahasan,
 * /siswa/tryoutmateri/hasil, /siswa/tryoutmateri/pembahasan/materi/{id}) and the result PDF link. */
import type {
  CallReply,
  GenerateHasilMapelBody,
  HasilPtnBody,
  PembahasanBody,
  generateHasilMapelCall,
  hasilKategoriCall,
  hasilListCall,
  hasilMateriListCall,
  hasilPtnCall,
  hasilSkorCall,
  pembahasanCall,
  pembahasanMateriCall,
} from '../../contract';
import { http } from './http';
import { API_BASE_URL, fillPath, type PathOf } from './path';

const paths: {
  list: PathOf<typeof hasilListCall>;
  skor: PathOf<typeof hasilSkorCall>;
  materi: PathOf<typeof hasilMateriListCall>;
  kategori: PathOf<typeof hasilKategoriCall>;
  ptn: PathOf<typeof hasilPtnCall>;
  sync: PathOf<typeof generateHasilMapelCall>;
  pembahasan: PathOf<typeof pembahasanCall>;
  pembahasanMateri: PathOf<typeof pembahasanMateriCall>;
} = {
  list: '/siswa/tryout/hasil',
  skor: '/siswa/tryout/hasilskor',
  materi: '/siswa/tryoutmateri/hasil',
  kategori: '/siswa/tryout/hasil/id/:id/kategori/:kategori',
  ptn: '/siswa/tryout/hasilptn',
  sync: '/siswa/tryout/generatehasilmapel',
  pembahasan: '/siswa/tryout/pembahasan',
  pembahasanMateri: '/siswa/tryoutmateri/pembahasan/materi/:idmateri',
};

export type HasilListReply = CallReply<typeof hasilListCall>;
export type HasilSkorReply = CallReply<typeof hasilSkorCall>;
export type HasilMateriListReply = CallReply<typeof hasilMateriListCall>;
export type HasilKategoriReply = CallReply<typeof hasilKategoriCall>;
export type HasilPtnReply = CallReply<typeof hasilPtnCall>;
export type GenerateHasilMapelReply = CallReply<typeof generateHasilMapelCall>;
export type PembahasanReply = CallReply<typeof pembahasanCall>;
export type PembahasanMateriReply = CallReply<typeof pembahasanMateriCall>;

/** Package results of the student (the "Paket" tab). */
export async function fetchHasilList(idSiswa: number): Promise<HasilListReply> {
  const { data } = await http.post<HasilListReply>(paths.list, { id_siswa: idSiswa, type: 'list' });
  return data;
}

/** Package scores (the chart and the PTN tab). */
export async function fetchHasilSkor(idSiswa: number): Promise<HasilSkorReply> {
  const { data } = await http.post<HasilSkorReply>(paths.skor, { id_siswa: idSiswa });
  return data;
}

/** Per-topic results (the "Materi" tab). */
export async function fetchHasilMateri(idSiswa: number): Promise<HasilMateriListReply> {
  const { data } = await http.post<HasilMateriListReply>(paths.materi, { id_siswa: idSiswa });
  return data;
}

/** Result of one category of a schedule; `kategori` is the category hash. */
export async function fetchHasilKategori(
  id: number,
  kategori: string,
  idSiswa: number,
): Promise<HasilKategoriReply> {
  const url = fillPath<typeof hasilKategoriCall>(paths.kategori, { id, kategori });
  const { data } = await http.post<HasilKategoriReply>(url, { id_siswa: idSiswa, type: 'detail' });
  return data;
}

export async function fetchHasilPtn(body: HasilPtnBody): Promise<HasilPtnReply> {
  const { data } = await http.post<HasilPtnReply>(paths.ptn, body);
  return data;
}

/** Sync: ask the server to build the missing score summary of a schedule. */
export async function generateHasilMapel(body: GenerateHasilMapelBody): Promise<GenerateHasilMapelReply> {
  const { data } = await http.post<GenerateHasilMapelReply>(paths.sync, body);
  return data;
}

/** Without `idmapel` the subjects of a schedule; with it the review of one subject. */
export async function fetchPembahasan(body: PembahasanBody): Promise<PembahasanReply> {
  const { data } = await http.post<PembahasanReply>(paths.pembahasan, body);
  return data;
}

export async function fetchPembahasanMateri(
  idmateri: number,
  idSiswa: number,
): Promise<PembahasanMateriReply> {
  const url = fillPath<typeof pembahasanMateriCall>(paths.pembahasanMateri, { idmateri });
  const { data } = await http.post<PembahasanMateriReply>(url, { id_siswa: idSiswa });
  return data;
}

/** The result PDF of one category: a plain link, authenticated by the session cookie. */
export function hasilPdfUrl(idjadwal: number | string, kategoriHash: string): string {
  return `${API_BASE_URL}/pdf/hasil/${encodeURIComponent(String(idjadwal))}/${encodeURIComponent(kategoriHash)}`;
}
