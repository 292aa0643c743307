/**
 * Every modal of the app, on sweetalert2. Its chunk is kept out of the login page's budget but fetched as soon as
 * the app starts, never at the moment a dialog is needed: the first dialog is often an error shown while offline,
 * when a chunk asked for then could not arrive. Each function resolves when the dialog closes, so sagas may
 * `call` one to wait for the user or `fork` it to carry on.
 */
import type { SweetAlertIcon, SweetAlertOptions, SweetAlertResult } from 'sweetalert2';
import { describeCallError } from '../api/errors';
import { isUnauthorized } from '../api/http';
import { text } from '../text';

export const CONFIRM_COLOR = '#198754';
export const CANCEL_COLOR = '#ff5722';

let loading: Promise<typeof import('sweetalert2')> | null = null;

/** The sweetalert2 module; a failed fetch (offline at start-up) is tried again on the next call. */
function loadSwal(): Promise<typeof import('sweetalert2')> {
  loading ??= import(/* webpackChunkName: "sweetalert2" */ 'sweetalert2').catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

// Fetched while the app starts (online: the student just loaded the page), kept in memory for later.
if (typeof window !== 'undefined') loadSwal().catch(() => undefined);

async function fire(options: SweetAlertOptions): Promise<SweetAlertResult> {
  const { default: Swal } = await loadSwal();
  return Swal.fire({ confirmButtonColor: CONFIRM_COLOR, cancelButtonColor: CANCEL_COLOR, ...options });
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

/** The text of spec §8 "Any failed call": error message, HTTP status text, action name and request URL. */
export function callErrorText(error: unknown, action: string): { title: string; text: string } {
  const failure = describeCallError(error);
  return {
    title: failure.code,
    text: [failure.message, failure.statusText, action, failure.url]
      .filter((part) => part !== '')
      .join(' — '),
  };
}

/**
 * A failed call (network or HTTP error). A 401 is not shown: the session ends and the login page appears.
 * `action` names what failed, e.g. "Get Jadwal Current".
 */
export async function showCallError(error: unknown, action: string): Promise<void> {
  if (isUnauthorized(error)) return;
  const { title, text: body } = callErrorText(error, action);
  await showError(title, body);
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
