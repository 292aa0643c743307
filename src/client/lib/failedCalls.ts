/** The request ids of the page's last failed calls, which a problem report carries (the Kode of each dialog). */
const KEPT = 20;
const ids: string[] = [];

export function rememberFailedCall(requestId: string): void {
  ids.push(requestId);
  if (ids.length > KEPT) ids.shift();
}

export function lastFailedCalls(): string[] {
  return [...ids];
}
