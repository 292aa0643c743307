/**
 * An error a route (or a shared layer under it) throws to answer `{status: false, message}` with a chosen HTTP
 * status (and headers, such as Retry-After); plugins/errors.ts writes the answer. `dibuka_pada` for a refusal that
 * only means "not yet" (see Failure in the contract).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly dibuka_pada?: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
  }
}
