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
const httpError = (status: number, statusText: string, headers: Record<string, string> = {}) =>
  new AxiosError(
    `Request failed with status code ${status}`,
    'ERR_BAD_RESPONSE',
    config,
    {},
    {
      status,
      statusText,
      data: {},
      headers,
      config,
    },
  );

beforeEach(() => fire.mockReset());

describe('dialogs', () => {
  it('a failed call reads as a sentence, titled with the error code, and keeps message, status text, action and URL as its detail', () => {
    expect(callErrorText(httpError(500, 'Internal Server Error'), 'Get Jadwal Current')).toEqual({
      title: 'ERR_BAD_RESPONSE',
      text: 'Server sedang mengalami gangguan. Silakan coba lagi beberapa saat lagi.',
      detail:
        'Request failed with status code 500 · Internal Server Error · Get Jadwal Current · ' +
        '/api/siswa/jadwal/jadwaltocurrent/idsiswa/1',
    });
    expect(callErrorText(httpError(404, 'Not Found'), 'Get Preview Tryout').text).toBe(
      'Data yang diminta tidak ditemukan.',
    );
    expect(callErrorText(httpError(403, 'Forbidden'), 'Get Preview Tryout').text).toBe(
      'Kamu tidak memiliki akses ke data ini.',
    );
    expect(callErrorText(httpError(400, 'Bad Request'), 'Save Answer').text).toBe(
      'Permintaan tidak dapat diproses. Muat ulang halaman, lalu coba lagi.',
    );
    const offline = new AxiosError('Network Error', 'ERR_NETWORK', config);
    expect(callErrorText(offline, 'Get Ranking')).toMatchObject({
      title: 'ERR_NETWORK',
      text: 'Tidak dapat terhubung ke server. Periksa koneksi internetmu, lalu coba lagi.',
    });
  });

  it("shows the server's own sentence when the answer carries one", () => {
    const refused = httpError(403, 'Forbidden');
    if (refused.response) refused.response.data = { status: false, message: 'Jadwal ini bukan milikmu.' };
    expect(callErrorText(refused, 'Get Preview Tryout').text).toBe('Jadwal ini bukan milikmu.');
  });

  it('shows the failed call with an error icon, the green confirm button and the detail as plain text', async () => {
    fire.mockResolvedValue({ isConfirmed: true, isDenied: false, isDismissed: false });
    await showCallError(httpError(503, 'Service Unavailable'), 'Get Preview Tryout');
    expect(fire).toHaveBeenCalledWith(
      expect.objectContaining({
        icon: 'error',
        title: 'ERR_BAD_RESPONSE',
        text: 'Server sedang mengalami gangguan. Silakan coba lagi beberapa saat lagi.',
        confirmButtonColor: CONFIRM_COLOR,
      }),
    );
    const footer = (fire.mock.calls[0][0] as unknown as { footer: HTMLElement }).footer;
    expect(footer.textContent).toBe(
      'Rincian: Request failed with status code 503 · Service Unavailable · Get Preview Tryout · ' +
        '/api/siswa/jadwal/jadwaltocurrent/idsiswa/1',
    );
    // Plain text only: one line, no markup from the message or URL.
    expect([...footer.querySelectorAll('*')].map((e) => e.tagName)).toEqual(['SMALL']);
  });

  it('names the server\'s request id as small text "Kode: …" for support', async () => {
    fire.mockResolvedValue({ isConfirmed: true, isDenied: false, isDismissed: false });
    const id = '5f0c6d2e-1b7a-4c1e-9a57-3c2b1d0e9f88';
    await showCallError(httpError(500, 'Internal Server Error', { 'x-request-id': id }), 'Save Answer');
    const footer = (fire.mock.calls[0][0] as unknown as { footer: HTMLElement }).footer;
    const lines = [...footer.querySelectorAll('small')].map((line) => line.textContent);
    expect(lines).toEqual([
      'Rincian: Request failed with status code 500 · Internal Server Error · Save Answer · ' +
        '/api/siswa/jadwal/jadwaltocurrent/idsiswa/1',
      `Kode: ${id}`,
    ]);
  });

  it('offers "Laporkan masalah" beside the Kode, which opens the report form', async () => {
    const opened = jest.fn();
    window.addEventListener('siaptes:laporkan-masalah', opened);
    try {
      fire.mockResolvedValue({ isConfirmed: false, isDenied: false, isDismissed: true });
      await showCallError(httpError(503, 'Service Unavailable'), 'Save Answer');
      expect(fire).toHaveBeenCalledWith(
        expect.objectContaining({ showDenyButton: true, denyButtonText: 'Laporkan masalah' }),
      );
      expect(opened).not.toHaveBeenCalled();
      fire.mockResolvedValue({ isConfirmed: false, isDenied: true, isDismissed: false });
      await showCallError(httpError(503, 'Service Unavailable'), 'Save Answer');
      expect(opened).toHaveBeenCalledTimes(1);
    } finally {
      window.removeEventListener('siaptes:laporkan-masalah', opened);
    }
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
