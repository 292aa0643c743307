/**
 * What the server answered and what the student answered in each dialog, as small actions, so a Redux DevTools
 * export carries the whole session and QA can replay it (`__tests__/client/replays/`). The HTTP layer and the
 * dialogs record here; the store connects the recorder to its dispatch. Nothing secret is recorded: values under a
 * secret key are masked before the action exists (lib/personalData.ts), so not even the store holds them.
 */
import { createAction, type UnknownAction } from '@reduxjs/toolkit';
import { isMasked, MASK } from './personalData';

export const RECORDED_MASK = MASK;

/** Besides credentials and contact data: the session key the login answers with. */
const RECORDED_EXTRA_KEYS = new Set(['key']);

/** A copy of a JSON value with every value under a masked key replaced by RECORDED_MASK. */
export function maskRecorded(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(maskRecorded);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, inner]) => [
      key,
      isMasked(key, inner, RECORDED_EXTRA_KEYS) ? RECORDED_MASK : maskRecorded(inner),
    ]),
  );
}

export interface ApiAnswer {
  /** GET, POST, PUT… */
  method: string;
  /** The path after /api, as the client asked for it. */
  path: string;
  /** What the client sent (masked); null without a body. */
  sent: unknown;
  /** The HTTP status; 0 when no answer came (network error, timeout). */
  status: number;
  /** The answer's body (masked); null when none came. */
  body: unknown;
  /** axios's error code when the call failed (ERR_NETWORK, ECONNABORTED, ERR_BAD_RESPONSE…). */
  error?: string;
}

/** The server answered a call (or the call got no answer: status 0). */
export const apiAnswered = createAction('api/answered', (answer: ApiAnswer) => ({
  payload: { ...answer, sent: maskRecorded(answer.sent), body: maskRecorded(answer.body) },
}));

/**
 * How a dialog closed: 'confirm', 'cancel', 'deny', a dismissal ('backdrop', 'esc', 'close', 'timer'), or
 * 'replaced' when the app opened another dialog over it (sweetalert2 shows one at a time).
 */
export type DialogButton =
  'confirm' | 'cancel' | 'deny' | 'backdrop' | 'esc' | 'close' | 'timer' | 'replaced';

export interface DialogAnswer {
  title: string;
  button: DialogButton;
}

/** The student (or the dialog's own timer) closed a dialog. */
export const dialogAnswered = createAction<DialogAnswer>('dialog/answered');

type Sink = (action: UnknownAction) => void;
let sink: Sink | null = null;

/** The store's dispatch receives the recorded actions from now on; returns the disconnect function. */
export function connectRecorder(dispatch: Sink): () => void {
  sink = dispatch;
  return () => {
    if (sink === dispatch) sink = null;
  };
}

/** Record an answer (a no-op until a store is connected). A failing listener never breaks the call it records. */
export function record(action: UnknownAction): void {
  try {
    sink?.(action);
  } catch (error) {
    console.error('recording failed', error);
  }
}
