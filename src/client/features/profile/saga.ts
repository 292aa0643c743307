import { put, select, takeLatest } from 'typed-redux-saga';
import { fetchProfileUser } from '../../api/profile';
import { loadContent } from '../../lib/loadContent';
import { text } from '../../text';
import { selectIdSiswa } from '../../session/events';
import { profileLoaded, profileLoadFailed, profileRequested } from './slice';
import { safely } from '../../lib/safely';

export function* loadProfile() {
  const idSiswa = yield* select(selectIdSiswa);
  if (idSiswa === null) {
    yield* put(profileLoadFailed());
    return;
  }
  yield* loadContent(fetchProfileUser, [idSiswa], {
    loaded: profileLoaded,
    failed: profileLoadFailed(),
    action: text.actions.getProfile,
  });
}

export function* profileSaga() {
  yield* takeLatest(profileRequested.type, safely(loadProfile));
}
