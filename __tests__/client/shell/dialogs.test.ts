import { AxiosError, AxiosHeaders } from 'axios';
import Swal from 'sweetalert2';
import {
  CANCEL_COLOR,
  CONFIRM_COLOR,
  callErrorText,
  confirmDialog,
  showCallError,
  showFailed,
} from '../../../src/client/components/dialogs';

jest.mock('sweetalert2', () => ({ __esModule: true, default: { fire: jest.fn() } }));
const fire = jest.mocked(Swal.fire);

const config = {
  url: '/siswa/jadwal/jadwaltocurrent/idsiswa/1',
  baseURL: '/api',
  headers: new AxiosHeaders(),
};
const httpError = (status: number, statusText: string) =>
  new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_RESPONSE',
    config,
    {},
    {
      status,
      statusText,
      data: {},
      headers: {},
      config,
    },
  );

beforeEach(() => fire.mockReset());

describe('dialogs', () => {
  it('a failed call is titled with the error code and names message, status text, action and URL', () => {
    expect(callErrorText(httpError(500, 'Internal Server Error'), 'Get Jadwal Current')).toEqual({
      title: 'ERR_BAD_RESPONSE',
      text:
        'Request failed with status code 500 — Internal Server Error — Get Jadwal Current — ' +
        '/api/siswa/jadwal/jadwaltocurrent/idsiswa/1',
    });
  });

  it('shows the failed call with an error icon and the green confirm button', async () => {
    fire.mockResolvedValue({ isConfirmed: true, isDenied: false, isDismissed: false });
    await showCallError(httpError(503, 'Service Unavailable'), 'Get Preview Tryout');
    expect(fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: 'error',
        title: 'ERR_BAD_RESPONSE',
        text: expect.stringContaining('Get Preview Tryout'),
        confirmButtonColor: CONFIRM_COLOR,
      }),
    );
  });

  it('does not show a 401: the session ends instead', async () => {
    await showCallError(httpError(401, 'Unauthorized'), 'Get Jadwal Current');
    expect(fire).not.toHaveBeenCalled();
  });

  it('status false is "Failed" with the server message', async () => {
    fire.mockResolvedValue({ isConfirmed: true, isDenied: false, isDismissed: false });
    await showFailed('Paket tidak ditemukan');
    expect(fire).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Failed', text: 'Paket tidak ditemukan' }),
    );
  });

  it('confirmDialog resolves the answer and uses green confirm / orange-red cancel', async () => {
    fire.mockResolvedValue({ isConfirmed: false, isDenied: false, isDismissed: true });
    await expect(confirmDialog({ title: 'Yakin?', confirmText: 'Ya, Mulai sekarang!' })).resolves.toBe(false);
    expect(fire).toHaveBeenCalledWith(
      expect.objectContaining({
        showCancelButton: true,
        confirmButtonText: 'Ya, Mulai sekarang!',
        confirmButtonColor: CONFIRM_COLOR,
        cancelButtonColor: CANCEL_COLOR,
      }),
    );
    expect(CONFIRM_COLOR).toBe('#198754');
    expect(CANCEL_COLOR).toBe('#ff5722');
  });
});
