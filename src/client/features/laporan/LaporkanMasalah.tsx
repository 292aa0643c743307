import { useEffect, useRef, useState, type FormEvent } from 'react';
import axios from 'axios';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { LaporanBody } from '../../../contract/laporan';
import { PESAN_MAKS } from '../../../contract/laporanBatas';
import { kirimLaporan } from '../../api/laporan';
import { onAnswered } from '../../api/http';
import { lastFailedCalls } from '../../lib/failedCalls';
import { onBukaLaporan } from '../../lib/laporanDibuka';

/** The form's words (the menu's and the dialogs' button is text.laporan.buka). */
const kata = {
  judul: 'Laporkan masalah',
  label: 'Ceritakan masalahnya',
  petunjuk: (sisa: number) =>
    `Sisa ${sisa} karakter. Rekaman sesi halaman ini ikut terkirim, tanpa kata sandi dan kontakmu.`,
  kosong: 'Tulis dulu masalahnya.',
  kirim: 'Kirim',
  mengirim: 'Mengirim…',
  tutup: 'Tutup',
  terkirim: (kode: string) => `Laporan terkirim. Kode laporan: ${kode}`,
  sebutKode: 'Sebutkan kode ini kepada tim dukungan.',
  offline: 'Kamu sedang offline. Laporan akan dikirim otomatis saat koneksi kembali.',
  gagal: (alasan: string) => `Laporan belum terkirim: ${alasan} Coba kirim lagi.`,
  gagalUmum: 'server tidak dapat dihubungi.',
};

type Status =
  | { jenis: 'mengisi' }
  | { jenis: 'mengirim' }
  | { jenis: 'menunggu' }
  | { jenis: 'gagal'; alasan: string }
  | { jenis: 'terkirim'; kode: string };

export interface LaporkanMasalahProps {
  /** The page's Redux DevTools export at this moment (lib/sessionHistory.ts), cut to fit a report. */
  rekaman: () => string;
  /** The build the page runs. */
  versi: string;
}

/** Why a report was not taken: the server's own words, or that it could not be reached (null: try again later). */
function alasanGagal(error: unknown): string | null {
  if (!axios.isAxiosError(error) || !error.response) return null;
  const message = (error.response.data as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' ? `${message}.` : kata.gagalUmum;
}

/**
 * "Laporkan masalah": a small form over the page (the exam goes on under it, its clock running), opened from the
 * user menu or an error dialog. The report carries the student's sentence and the page load's DevTools recording.
 * Offline, it waits and is sent when the connection is back; refused, the sentence stays to send again.
 */
export function LaporkanMasalah({ rekaman, versi }: LaporkanMasalahProps) {
  const [open, setOpen] = useState(false);
  const [pesan, setPesan] = useState('');
  const [status, setStatus] = useState<Status>({ jenis: 'mengisi' });
  const [invalid, setInvalid] = useState(false);
  const menunggu = useRef<LaporanBody | null>(null);

  useEffect(
    () =>
      onBukaLaporan(() => {
        setOpen(true);
        setStatus((now) => (now.jenis === 'terkirim' ? { jenis: 'mengisi' } : now));
      }),
    [],
  );

  const kirim = async (body: LaporanBody) => {
    setStatus({ jenis: 'mengirim' });
    try {
      const answer = await kirimLaporan(body);
      menunggu.current = null;
      if (answer.status && 'content' in answer) {
        setPesan('');
        setStatus({ jenis: 'terkirim', kode: answer.content.kode });
      } else setStatus({ jenis: 'gagal', alasan: `${answer.message ?? kata.gagalUmum}` });
    } catch (error) {
      const alasan = alasanGagal(error);
      if (alasan === null) {
        menunggu.current = body;
        setStatus({ jenis: 'menunggu' });
      } else {
        menunggu.current = null;
        setStatus({ jenis: 'gagal', alasan });
      }
    }
  };

  // A report waiting for the network goes once the browser is back online or any call is answered.
  useEffect(() => {
    if (status.jenis !== 'menunggu') return undefined;
    const again = () => {
      if (menunggu.current) void kirim(menunggu.current);
    };
    window.addEventListener('online', again);
    const stopAnswers = onAnswered(again);
    return () => {
      window.removeEventListener('online', again);
      stopAnswers();
    };
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pesan.trim() === '') {
      setInvalid(true);
      return;
    }
    void kirim({
      pesan: pesan.trim(),
      devtools: rekaman(),
      versi,
      user_agent: navigator.userAgent,
      url: window.location.href,
      request_ids: lastFailedCalls(),
    });
  };

  const sending = status.jenis === 'mengirim';
  return (
    <Modal show={open} onHide={() => setOpen(false)} centered aria-labelledby="laporan-judul">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={kata.tutup}>
          <Modal.Title id="laporan-judul" as="h2" className="h5">
            {kata.judul}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {status.jenis === 'terkirim' ? (
            <div role="status">
              <p className="fw-semibold mb-1">{kata.terkirim(status.kode)}</p>
              <p className="mb-0 text-body-secondary">{kata.sebutKode}</p>
            </div>
          ) : (
            <Form.Group controlId="laporan-pesan">
              <Form.Label>{kata.label}</Form.Label>
              <Form.Control
                as="textarea"
                rows={4}
                required
                maxLength={PESAN_MAKS}
                value={pesan}
                isInvalid={invalid}
                disabled={sending}
                onChange={(event) => {
                  setPesan(event.target.value);
                  setInvalid(false);
                }}
                aria-describedby="laporan-petunjuk"
              />
              <Form.Control.Feedback type="invalid">{kata.kosong}</Form.Control.Feedback>
              <Form.Text id="laporan-petunjuk">{kata.petunjuk(PESAN_MAKS - pesan.length)}</Form.Text>
            </Form.Group>
          )}
          {status.jenis === 'menunggu' && (
            <p role="status" className="mt-3 mb-0 text-warning-emphasis">
              {kata.offline}
            </p>
          )}
          {status.jenis === 'gagal' && (
            <p role="alert" className="mt-3 mb-0 text-danger">
              {kata.gagal(status.alasan)}
            </p>
          )}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={() => setOpen(false)}>
            {kata.tutup}
          </Button>
          {status.jenis !== 'terkirim' && (
            <Button type="submit" disabled={sending || status.jenis === 'menunggu'}>
              {sending ? kata.mengirim : kata.kirim}
            </Button>
          )}
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
