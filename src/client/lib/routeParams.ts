/** A positive integer route segment (`/to/12`), or null when the URL holds something else (`/to/abc`, `/to/0`). */
export function idParam(value: string | undefined): number | null {
  if (value === undefined || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
