/**
 * "Laporkan masalah": the form the user menu and every error dialog open. It sends the sentence with the page's
 * recording and the ids of the failed calls, shows the code on success, keeps the sentence when refused, and
 * sends by itself once the connection is back.
 */
import { AxiosError, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from '../../../src/client/api/http';
import { LaporkanMasalah } from '../../../src/client/features/laporan/LaporkanMasalah';
import { bukaLaporan } from '../../../src/client/lib/laporanDibuka';

const originalAdapter = http.defaults.adapter;
afterEach(() => {
  http.defaults.adapter = originalAdapter;
});

const REKAMAN = '{\n\t"payload": "[]"\n}';

type Answer = { status: number; data: unknown; headers?: Record<string, string> } | 'offline';

/** Answers each request with the next of `answers` (the last repeats), recording what was sent. */
function answering(answers: Answer[], sent: InternalAxiosRequestConfig[]): AxiosAdapter {
  let next = 0;
  return async (config) => {
    sent.push(config);
    const answer = answers[Math.min(next++, answers.length - 1)];
    if (answer === 'offline') throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    const response = {
      status: answer.status,
      statusText: '',
      data: answer.data,
      headers: answer.headers ?? {},
      config,
    };
    if (answer.status >= 400)
      throw new AxiosError(`status ${answer.status}`, 'ERR_BAD_REQUEST', config, {}, response);
    return response;
  };
}

async function openAndWrite(sentence: string) {
  render(<LaporkanMasalah rekaman={() => REKAMAN} versi="0.1.0+abc1234" />);
  act(() => bukaLaporan());
  await screen.findByRole('dialog', { name: 'Laporkan masalah' });
  if (sentence) await userEvent.type(screen.getByLabelText('Ceritakan masalahnya'), sentence);
}

const sentBody = (config: InternalAxiosRequestConfig) =>
  JSON.parse(config.data as string) as Record<string, unknown>;

it('sends the sentence with the recording and the failed calls, and shows the code to quote', async () => {
  const sent: InternalAxiosRequestConfig[] = [];
  http.defaults.adapter = answering(
    [
      { status: 503, data: { status: false, message: 'sibuk' }, headers: { 'x-request-id': 'req-gagal-7' } },
      { status: 200, data: { status: true, message: 'x', content: { kode: 'ABCD-EF23' } } },
    ],
    sent,
  );
  await http.get('/siswa/tryout/hasil').catch(() => undefined);
  await openAndWrite('');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
  expect(screen.getByText('Tulis dulu masalahnya.')).toBeVisible();
  expect(sent).toHaveLength(1);

  await userEvent.type(screen.getByLabelText('Ceritakan masalahnya'), 'Jawaban nomor 3 hilang');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
  expect(await screen.findByText('Laporan terkirim. Kode laporan: ABCD-EF23')).toBeVisible();
  expect(sent[1].url).toBe('/siswa/laporan');
  expect(sentBody(sent[1])).toEqual({
    pesan: 'Jawaban nomor 3 hilang',
    devtools: REKAMAN,
    versi: '0.1.0+abc1234',
    user_agent: navigator.userAgent,
    url: window.location.href,
    request_ids: expect.arrayContaining(['req-gagal-7']),
  });
});

it('keeps the sentence and says why when the server refuses it', async () => {
  const sent: InternalAxiosRequestConfig[] = [];
  const message = 'Terlalu banyak laporan: paling banyak 5 dalam satu jam. Coba lagi dalam 60 menit';
  http.defaults.adapter = answering([{ status: 429, data: { status: false, message } }], sent);
  await openAndWrite('Soal tidak muncul');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(
    `Laporan belum terkirim: ${message}. Coba kirim lagi.`,
  );
  expect(screen.getByLabelText('Ceritakan masalahnya')).toHaveValue('Soal tidak muncul');
  expect(screen.getByRole('button', { name: 'Kirim' })).toBeEnabled();
});

it('offline, waits and sends by itself once the connection is back', async () => {
  const sent: InternalAxiosRequestConfig[] = [];
  http.defaults.adapter = answering(
    ['offline', { status: 200, data: { status: true, content: { kode: 'WXYZ-2345' } } }],
    sent,
  );
  await openAndWrite('Layar putih');
  await userEvent.click(screen.getByRole('button', { name: 'Kirim' }));
  expect(
    await screen.findByText('Kamu sedang offline. Laporan akan dikirim otomatis saat koneksi kembali.'),
  ).toBeVisible();
  expect(sent).toHaveLength(1);
  act(() => {
    window.dispatchEvent(new Event('online'));
  });
  expect(await screen.findByText('Laporan terkirim. Kode laporan: WXYZ-2345')).toBeVisible();
  expect(sent).toHaveLength(2);
  expect(sentBody(sent[1]).pesan).toBe('Layar putih');
});
