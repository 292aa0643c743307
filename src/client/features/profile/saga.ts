import { call, put, select, takeLatest } from 'redux-saga/effects';
import { fetchProfileUser, type ProfileUserReply } from '../../api/profile';
import { showCallError, showFailed } from '../../components/dialogs';
import { text } from '../../text';
import { selectIdSiswa } from '../auth/slice';
import { profileLoaded, profileLoadFailed, profileRequested } from './slice';

export function* loadProfile() {
  const idSiswa: number | null = yield select(selectIdSiswa);
  if (idSiswa === null) {
    yield put(profileLoadFailed());
    return;
  }
  try {
    const reply: ProfileUserReply = yield call(fetchProfileUser, idSiswa);
    if (reply.status && 'content' in reply) {
      yield put(profileLoaded(reply.content));
    } else {
      yield put(profileLoadFailed());
      yield call(showFailed, reply.message);
    }
  } catch (error) {
    yield put(profileLoadFailed());
    yield call(showCallError, error, text.actions.getProfile);
  }
}

export function* profileSaga() {
  yield takeLatest(profileRequested.type, loadProfile);
}
