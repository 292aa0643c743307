import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { waitFor } from '@testing-library/react';
import { http } from '../../../src/client/api/http';
import { makeStore } from '../../../src/client/app/store';
import { showCallError } from '../../../src/client/components/dialogs';
import { jadwalRequested } from '../../../src/client/features/jadwal/slice';
import { readSession } from '../../../src/client/session/cookies';
import { demoStudents, loggedInState, TEST_TOKEN } from '../../helpers/clientFixtures';

jest.mock('../../../src/client/components/dialogs');

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

/** Answer every request with `status`, recording the requests. */
function answerWith(status: number, data: unknown, seen: InternalAxiosRequestConfig[]): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response = {
      status,
      statusText: status === 401 ? 'Unauthorized' : 'OK',
      data,
      headers: {},
      config,
    };
    if (status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${status}`,
        'ERR_BAD_REQUEST',
        config,
        {},
        response,
      );
    }
    return response;
  };
}

describe('the axios instance', () => {
  it('sends the decrypted token in the Key header under /api', async () => {
    loggedInState(demoStudents.reguler, { cookies: true });
    const seen: InternalAxiosRequestConfig[] = [];
    http.defaults.adapter = answerWith(200, { status: true, content: [] }, seen);
    await http.get('/siswa/jadwal/jadwaltocurrent/idsiswa/1');
    expect(seen[0].baseURL).toBe('/api');
    expect(seen[0].headers.get('Key')).toBe(TEST_TOKEN);
    expect(seen[0].headers.get('Content-Type')).toBe('application/json');
  });

  it('a 401 answer ends the session: cookies cleared, store logged out, no error dialog', async () => {
    const store = makeStore(loggedInState(demoStudents.reguler, { cookies: true }));
    const seen: InternalAxiosRequestConfig[] = [];
    http.defaults.adapter = answerWith(401, { status: false, message: 'Sesi berakhir' }, seen);

    store.dispatch(jadwalRequested());

    await waitFor(() => expect(store.getState().auth.isLoggedIn).toBe(false));
    expect(seen.length).toBeGreaterThan(0);
    expect(readSession()).toBeNull();
    expect(store.getState().profile.profilUser).toBeNull();
    // The dialog helper is asked, and it skips 401s itself (checked in dialogs.test).
    expect(jest.mocked(showCallError)).toHaveBeenCalled();
  });
});
