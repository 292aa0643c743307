import axios from 'axios';

/** What the error dialogs show about a failed call. */
export interface CallFailure {
  /** axios error code (ERR_BAD_RESPONSE, ERR_NETWORK, ...), or the error's name. */
  code: string;
  message: string;
  /** HTTP status text, empty when no answer came. */
  statusText: string;
  status?: number;
  /** The request URL including /api. */
  url: string;
  /** The server's own `{status: false, message}` sentence, when it answered with one. */
  serverMessage?: string;
  /** The server's id of the request (its `X-Request-Id` answer header): support finds the log line by it. */
  requestId?: string;
}

function requestIdOf(headers: unknown): string | undefined {
  if (typeof headers !== 'object' || headers === null) return undefined;
  const id = (headers as Record<string, unknown>)['x-request-id'];
  return typeof id === 'string' && id !== '' ? id : undefined;
}

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  const { message } = data as { message: unknown };
  return typeof message === 'string' && message.trim() !== '' ? message : undefined;
}

export function describeCallError(error: unknown): CallFailure {
  if (axios.isAxiosError(error)) {
    const config = error.config;
    const url = config ? `${config.baseURL ?? ''}${config.url ?? ''}` : '';
    return {
      code: error.code ?? 'ERR_UNKNOWN',
      message: error.message,
      statusText: error.response?.statusText ?? '',
      status: error.response?.status,
      url,
      serverMessage: messageOf(error.response?.data),
      requestId: requestIdOf(error.response?.headers),
    };
  }
  if (error instanceof Error) return { code: error.name, message: error.message, statusText: '', url: '' };
  return { code: 'ERR_UNKNOWN', message: String(error), statusText: '', url: '' };
}
