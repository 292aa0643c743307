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
import { send } from './endpoint';
import { API_BASE_URL } from './path';

type PembahasanReply = CallReply<typeof pembahasanCall>;

/** Package results of the student (the "Paket" tab). */
export function fetchHasilList(idSiswa: number) {
  return send<typeof hasilListCall>('POST /siswa/tryout/hasil', undefined, {
    id_siswa: idSiswa,
    type: 'list',
  });
}

/** Package scores (the chart and the PTN tab). */
export function fetchHasilSkor(idSiswa: number) {
  return send<typeof hasilSkorCall>('POST /siswa/tryout/hasilskor', undefined, { id_siswa: idSiswa });
}

/** Per-topic results (the "Materi" tab). */
export function fetchHasilMateri(idSiswa: number) {
  return send<typeof hasilMateriListCall>('POST /siswa/tryoutmateri/hasil', undefined, { id_siswa: idSiswa });
}

/** Result of one category of a schedule; `kategori` is the category hash. */
export function fetchHasilKategori(id: number, kategori: string, idSiswa: number) {
  return send<typeof hasilKategoriCall>(
    'POST /siswa/tryout/hasil/id/:id/kategori/:kategori',
    { id, kategori },
    { id_siswa: idSiswa, type: 'detail' },
  );
}

export function fetchHasilPtn(body: HasilPtnBody) {
  return send<typeof hasilPtnCall>('POST /siswa/tryout/hasilptn', undefined, body);
}

/** Sync: ask the server to build the missing score summary of a schedule. */
export function generateHasilMapel(body: GenerateHasilMapelBody) {
  return send<typeof generateHasilMapelCall>('POST /siswa/tryout/generatehasilmapel', undefined, body);
}

/** Without `idmapel` the subjects of a schedule; with it the review of one subject. */
export function fetchPembahasan(body: PembahasanBody): Promise<PembahasanReply> {
  return send<typeof pembahasanCall>('POST /siswa/tryout/pembahasan', undefined, body);
}

export function fetchPembahasanMateri(idmateri: number, idSiswa: number) {
  return send<typeof pembahasanMateriCall>(
    'POST /siswa/tryoutmateri/pembahasan/materi/:idmateri',
    { idmateri },
    { id_siswa: idSiswa },
  );
}

/** The result PDF of one category: a plain link, authenticated by the session cookie. */
export function hasilPdfUrl(idjadwal: number | string, kategoriHash: string): string {
  return `${API_BASE_URL}/pdf/hasil/${encodeURIComponent(String(idjadwal))}/${encodeURIComponent(kategoriHash)}`;
}
