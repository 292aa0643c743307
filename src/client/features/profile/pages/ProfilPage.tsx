import type { ProfileUser } from '../../../../contract';
import { useAppSelector } from '../../../app/hooks';
import { Avatar } from '../../../components/Avatar';
import { EmptyState } from '../../../components/EmptyState';
import { Spinner } from '../../../components/Spinner';
import { useRequestOnOpen } from '../../../lib/useRequestOnOpen';
import { text } from '../../../text';
import { profilText } from '../text';
import { selectProfileLoadStatus, selectProfilUser } from '../selectors';
import { profileRequested } from '../slice';

/** The fields of the profile page, in their order. */
const fields: { label: string; value: (user: ProfileUser) => string }[] = [
  { label: profilText.namaLengkap, value: (user) => user.nama_lengkap },
  { label: profilText.namaPanggilan, value: (user) => user.nama_panggilan },
  { label: profilText.username, value: (user) => user.username },
  { label: profilText.noTelp, value: (user) => user.no_telp },
  { label: profilText.noTelpAlternatif, value: (user) => user.no_telp_ortu },
  { label: profilText.alamat, value: (user) => user.alamat },
  { label: profilText.email, value: (user) => user.email },
  {
    label: profilText.kelas,
    value: (user) => [user.kelas.kelas, user.kelas.jenjang].filter(Boolean).join(' — '),
  },
  { label: profilText.sekolah, value: (user) => user.sekolah },
  { label: profilText.kurikulum, value: (user) => user.kurikulum_str },
  { label: profilText.minat, value: (user) => user.minat },
];

/** Profile (/profil): fetched fresh from GET /siswa/profil/user/id/{id} on every visit. */
export default function ProfilPage() {
  useRequestOnOpen(profileRequested);
  const user = useAppSelector(selectProfilUser);
  const loadStatus = useAppSelector(selectProfileLoadStatus);

  if (!user) return loadStatus === 'failed' ? <EmptyState /> : <Spinner />;
  return (
    <section className="card shadow-sm">
      <div className="card-body">
        <div className="d-flex align-items-center gap-3 mb-4">
          <Avatar name={user.nama_lengkap} photoUrl={user.photo_url} size={64} />
          <div>
            <h1 className="h4 mb-0">{profilText.title}</h1>
            <div className="text-body-secondary">{user.lembaga}</div>
          </div>
          {loadStatus === 'loading' && (
            <span
              className="spinner-border spinner-border-sm ms-auto"
              role="status"
              aria-label={text.common.processing}
            />
          )}
        </div>
        <dl className="row mb-0">
          {fields.map((field) => (
            <div className="col-12 col-md-6 mb-3" key={field.label}>
              <dt className="small text-body-secondary fw-normal">{field.label}</dt>
              <dd className="mb-0 fw-semibold">{field.value(user) || '-'}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
