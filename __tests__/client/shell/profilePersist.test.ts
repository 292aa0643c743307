/**
 * Contact data stays out of localStorage (README "Support"), and:
 * A page left while the profile was loading must not leave the next page waiting forever: the stored
 * 'loading' comes back as 'idle' (so the layout asks again), whether it was stored before or after this rule.
 */
import { persistStore } from 'redux-persist';
import { makeStore } from '../../../src/client/app/store';
import { profileLoaded } from '../../../src/client/features/profile/slice';
import { demoStudents } from '../../helpers/clientFixtures';

function storeProfile(profile: unknown) {
  window.localStorage.setItem(
    'persist:siaptes',
    JSON.stringify({
      profile: JSON.stringify(profile),
      _persist: JSON.stringify({ version: 1, rehydrated: true }),
    }),
  );
}

async function rehydrated() {
  const store = makeStore(undefined, { runSaga: false });
  await new Promise<void>((resolve) => {
    const persistor = persistStore(store, null, () => resolve());
    void persistor;
  });
  return store.getState().profile;
}

it('a profile stored mid-load comes back idle, so it is asked for again', async () => {
  storeProfile({ idProfil: null, profilUser: null, loadStatus: 'loading' });
  expect((await rehydrated()).loadStatus).toBe('idle');
});

it('a loaded profile stored during a refresh comes back loaded', async () => {
  storeProfile({ idProfil: 1, profilUser: demoStudents.reguler, loadStatus: 'loading' });
  const profile = await rehydrated();
  expect(profile).toMatchObject({
    loadStatus: 'loaded',
    profilUser: { username: demoStudents.reguler.username },
  });
});

it('a failed or idle status is kept as stored', async () => {
  storeProfile({ idProfil: null, profilUser: null, loadStatus: 'failed' });
  expect((await rehydrated()).loadStatus).toBe('failed');
});

describe('contact data', () => {
  const student = demoStudents.reguler;
  const contact = [student.no_telp, student.no_telp_ortu, student.alamat, student.email];

  it('is never written to localStorage; the name, photo and kind of student are', async () => {
    const store = makeStore(undefined, { runSaga: false });
    let persistor: ReturnType<typeof persistStore> | null = null;
    await new Promise<void>((resolve) => {
      persistor = persistStore(store, null, resolve);
    });
    store.dispatch(profileLoaded(student));
    if (!persistor) throw new Error('not persisted');
    await (persistor as ReturnType<typeof persistStore>).flush();
    const stored = window.localStorage.getItem('persist:siaptes') ?? '';
    for (const value of contact) expect(stored).not.toContain(value);
    expect(stored).toContain(student.nama_lengkap);
    expect(stored).toContain('reguler');
    // The page itself still shows it until the next load.
    expect(store.getState().profile.profilUser?.email).toBe(student.email);
  });

  it('stored by an older build, it does not come back into the store', async () => {
    storeProfile({ idProfil: student.id, profilUser: student, loadStatus: 'loaded' });
    const profile = await rehydrated();
    expect(profile.profilUser).toMatchObject({
      username: 'reguler',
      no_telp: '',
      no_telp_ortu: '',
      alamat: '',
      email: '',
    });
  });
});
