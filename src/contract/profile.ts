/** Profile (GET /siswa/profil/user/id/{idsiswa}). */
import { Type, type Static } from '@sinclair/typebox';
import { Envelope, defineCall } from './common';
import { IdSiswa } from './fields';

/** Profile user. `lembaga` is SiapTes, tutorindonesia or TO Akbar (compared accent-insensitively). */
export const ProfileUser = Type.Object({
  id: Type.Number(),
  nama_lengkap: Type.String(),
  nama_panggilan: Type.String(),
  username: Type.String(),
  photo_url: Type.String(),
  id_program: Type.Number(),
  lembaga: Type.String(),
  minat: Type.String(),
  no_telp: Type.String(),
  no_telp_ortu: Type.String(),
  alamat: Type.String(),
  email: Type.String(),
  kelas: Type.Object({ kelas: Type.String(), jenjang: Type.String() }),
  sekolah: Type.String(),
  kurikulum_str: Type.String(),
  /**
   * Not in the spec's list: what kind of student this is, decided by the server from its settings
   * (REGULAR_INSTITUTIONS, EVENT_INSTITUTION), so the SPA never keeps its own copy of the institutions.
   */
  jenis_siswa: Type.Union([Type.Literal('reguler'), Type.Literal('event'), Type.Literal('umum')]),
  /** Not in the spec's list: how many choices a type-1 question shows (4 = A–D, 5 = A–E). */
  jumlah_pilihan: Type.Union([Type.Literal(4), Type.Literal(5)]),
});
export type ProfileUser = Static<typeof ProfileUser>;
export type JenisSiswa = ProfileUser['jenis_siswa'];

/** `GET /siswa/profil/user/id/{idsiswa}` — body none — answer: status, content (profile). */
export const profileUserCall = defineCall({
  method: 'GET',
  path: '/siswa/profil/user/id/:idsiswa',
  params: Type.Object({ idsiswa: IdSiswa }),
  response: Envelope(ProfileUser),
});
