/**
 * A page left while the profile was loading must not leave the next page waiting forever: the stored
 * 'loading' comes back as 'idle' (so the layout asks again), whether it was stored before or after this rule.
 */
import { persistStore } from 'redux-persist';
import { makeStore } from '../../../src/client/app/store';
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
