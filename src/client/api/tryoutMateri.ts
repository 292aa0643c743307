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
import { SAVE_CONFIG, send } from './endpoint';

export type MateriKategoriReply = CallReply<typeof materiKategoriCall>;
export type MateriMapelReply = CallReply<typeof materiMapelCall>;
export type MateriListReply = CallReply<typeof materiListCall>;

export function fetchMateriKategori(idsiswa: number): Promise<MateriKategoriReply> {
  return send<typeof materiKategoriCall>('GET /siswa/tryoutmateri/preview/idsiswa/:idsiswa', { idsiswa });
}

export function fetchMateriMapel(idsiswa: number, idkategori: number): Promise<MateriMapelReply> {
  return send<typeof materiMapelCall>(
    'GET /siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori',
    { idsiswa, idkategori },
  );
}

export function fetchMateriList(
  idsiswa: number,
  idkategori: number,
  idmapel: number,
): Promise<MateriListReply> {
  return send<typeof materiListCall>(
    'GET /siswa/tryoutmateri/preview/idsiswa/:idsiswa/kategori/:idkategori/mapel/:idmapel',
    {
      idsiswa,
      idkategori,
      idmapel,
    },
  );
}

export function startMateri(idmateri: number, idSiswa: number) {
  return send<typeof startMateriCall>(
    'POST /siswa/tryoutmateri/start/materi/:idmateri',
    { idmateri },
    { id_siswa: idSiswa },
  );
}

export function saveAnswerMateri(idmateri: number, body: SaveAnswerMateriBody) {
  return send<typeof saveAnswerMateriCall>(
    'PUT /siswa/tryoutmateri/saveanswer/idmateri/:idmateri',
    { idmateri },
    body,
    SAVE_CONFIG,
  );
}

export function endMateri(idmateri: number, body: EndMateriBody) {
  return send<typeof endMateriCall>('POST /siswa/tryoutmateri/end/materi/:idmateri', { idmateri }, body);
}
