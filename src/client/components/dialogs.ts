/**
 * Every modal of the app, on sweetalert2. Its chunk is kept out of the login page's budget but fetched as soon as
 * the app starts, never at the moment a dialog is needed: the first dialog is often an error shown while offline,
 * when a chunk asked for then could not arrive. Each function resolves when the dialog closes, so sagas may
 * `call` one to wait for the user or `fork` it to carry on.
 */
import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { describeCallError, type CallFailure } from '../api/errors';
import { isUnauthorized } from '../api/http';
import { dialogAnswered, record, type DialogButton } from '../lib/recorded';
import { text } from '../text';
import { bukaLaporan } from '../lib/laporanDibuka';

/** The words of a failed call's dialog (not in the spec); they load with the dialogs, not with the login page. */
const failedCallWords = {
  // The dialog is titled with the error code itself; the sentence goes in its text.
  title: (code: string) => code,
  network: 'Tidak dapat terhubung ke server. Periksa koneksi internetmu, lalu coba lagi.',
  timeout: 'Server terlalu lama menjawab. Silakan coba lagi.',
  forbidden: 'Kamu tidak memiliki akses ke data ini.',
  notFound: 'Data yang diminta tidak ditemukan.',
  tooMany: 'Terlalu banyak permintaan. Tunggu sebentar, lalu coba lagi.',
  server: 'Server sedang mengalami gangguan. Silakan coba lagi beberapa saat lagi.',
  badRequest: 'Permintaan tidak dapat diproses. Muat ulang halaman, lalu coba lagi.',
  detail: 'Rincian',
  kode: 'Kode',
} as const;

export const CONFIRM_COLOR = '#198754';
export const CANCEL_COLOR = '#ff5722';

let loading: Promise<typeof import('sweetalert2')> | null = null;

/** The sweetalert2 module; a failed fetch (offline at start-up) is tried again on the next call. */
function loadSwal(): Promise<typeof import('sweetalert2')> {
  // The build takes sweetalert2 without its style injection (webpack alias) and loads its style sheet as a file,
  // so the Content-Security-Policy needs no inline <style>.
  loading ??= Promise.all([
    import(/* webpackChunkName: "sweetalert2" */ 'sweetalert2'),
    import(/* webpackChunkName: "sweetalert2" */ 'sweetalert2/dist/sweetalert2.min.css'),
  ]).then(
    ([swal]) => swal,
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

// Fetched while the app starts (online: the student just loaded the page), kept in memory for later.
if (typeof window !== 'undefined') loadSwal().catch(() => undefined);

/** Which button closed a dialog, in the words of the `dialog/answered` action. */
export function buttonOf(result: SweetAlertResult): DialogButton {
  if (result.isConfirmed) return 'confirm';
  if (result.isDenied) return 'deny';
  // sweetalert2 closes an open dialog without a reason when another one is fired over it.
  return (result.dismiss as DialogButton | undefined) ?? 'replaced';
}

/** The one place a dialog is shown: its answer is recorded (`dialog/answered`) for DevTools and replays. */
async function fire(options: SweetAlertOptions): Promise<SweetAlertResult> {
  const { default: Swal } = await loadSwal();
  const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const result = await Swal.fire({
    confirmButtonColor: CONFIRM_COLOR,
    cancelButtonColor: CANCEL_COLOR,
    // sweetalert2 hands focus back from a timer of its own, which the close of an earlier dialog can clear: a
    // keyboard user was left on <body>. Focus goes back here instead, where the order is known.
    returnFocus: false,
    ...options,
  });
  if (opener?.isConnected) opener.focus({ preventScroll: true });
  record(
    dialogAnswered({
      title: typeof options.title === 'string' ? options.title : '',
      button: buttonOf(result),
    }),
  );
  return result;
}

export interface MessageOptions {
  title: string;
  text?: string;
  icon?: SweetAlertIcon;
  confirmText?: string;
}

/** A message with one OK button. */
export async function showMessage({ title, text: body, icon, confirmText }: MessageOptions): Promise<void> {
  await fire({ title, text: body, icon, confirmButtonText: confirmText ?? text.common.ok });
}

/** An error with one OK button. */
export function showError(title: string, body?: string): Promise<void> {
  return showMessage({ title, text: body, icon: 'error' });
}

/** A `status: false` answer: "Failed" with the server's message. */
export function showFailed(message: string | undefined): Promise<void> {
  return showMessage({ title: text.common.failed, text: message ?? '', icon: 'error' });
}

/** What went wrong, as a sentence a student understands: the server's own message when it sent one, else the
 * cause told by the HTTP status (or by no answer at all). */
export function callErrorSentence(failure: CallFailure): string {
  const e = failedCallWords;
  if (failure.serverMessage) return failure.serverMessage;
  const { status } = failure;
  if (status === undefined) return failure.code === 'ECONNABORTED' ? e.timeout : e.network;
  if (status === 403) return e.forbidden;
  if (status === 404) return e.notFound;
  if (status === 429) return e.tooMany;
  if (status >= 500) return e.server;
  return e.badRequest;
}

/**
 * Any failed call: an error dialog titled with the error code whose message holds the error message,
 * HTTP status text, action name and request URL. The student reads a sentence first (title and text); the
 * spec's technical parts follow as the detail line, for support.
 */
export function callErrorText(
  error: unknown,
  action: string,
): { title: string; text: string; detail: string; requestId?: string } {
  const failure = describeCallError(error);
  return {
    title: failedCallWords.title(failure.code),
    text: callErrorSentence(failure),
    detail: [failure.message, failure.statusText, action, failure.url]
      .filter((part) => part !== '')
      .join(' · '),
    ...(failure.requestId ? { requestId: failure.requestId } : {}),
  };
}

/** A line of small secondary text, set as text (never HTML): the URL, message and id may hold anything. */
function smallLine(content: string): HTMLElement {
  const line = document.createElement('small');
  line.className = 'd-block text-body-secondary text-break';
  line.textContent = content;
  return line;
}

/**
 * A failed call (network or HTTP error). A 401 is not shown: the session ends and the login page appears.
 * `action` names what failed, e.g. "Get Jadwal Current".
 */
export async function showCallError(error: unknown, action: string): Promise<void> {
  if (isUnauthorized(error)) return;
  const { title, text: body, detail, requestId } = callErrorText(error, action);
  const footer = document.createElement('div');
  footer.append(smallLine(`${failedCallWords.detail}: ${detail}`));
  // The request's id in the server's log: what support asks the student to read out.
  if (requestId) footer.append(smallLine(`${failedCallWords.kode}: ${requestId}`));
  const answer = await fire({
    title,
    text: body,
    icon: 'error',
    confirmButtonText: text.common.ok,
    // Beside the Kode: the student tells support what happened, with the session's recording.
    showDenyButton: true,
    denyButtonText: text.laporan.buka,
    denyButtonColor: CANCEL_COLOR,
    footer,
  });
  if (answer.isDenied) bukaLaporan();
}

export interface ConfirmOptions {
  title: string;
  text?: string;
  icon?: SweetAlertIcon;
  confirmText: string;
  cancelText?: string;
}

/** Ask a yes/no question; resolves true when the user confirms. */
export async function confirmDialog({ title, text: body, icon, confirmText, cancelText }: ConfirmOptions) {
  const result = await fire({
    title,
    text: body,
    icon: icon ?? 'warning',
    showCancelButton: true,
    confirmButtonText: confirmText,
    cancelButtonText: cancelText ?? text.common.batal,
    reverseButtons: false,
  });
  return result.isConfirmed;
}

/** A dialog that cannot be dismissed: only its button closes it (e.g. time up → "Lanjutkan"). */
export async function forcedDialog({ title, text: body, icon, confirmText }: MessageOptions): Promise<void> {
  await fire({
    title,
    text: body,
    icon: icon ?? 'warning',
    confirmButtonText: confirmText ?? text.common.ok,
    allowOutsideClick: false,
    allowEscapeKey: false,
    allowEnterKey: true,
  });
}

/** A short note that closes itself (e.g. the five-minute warning). */
export async function toast(title: string, icon: SweetAlertIcon = 'info', timerMs = 3000): Promise<void> {
  await fire({ title, icon, toast: true, position: 'top-end', showConfirmButton: false, timer: timerMs });
}
