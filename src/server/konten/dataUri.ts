/** `data:` URIs read into bytes. Its own module: the PDF worker needs it without the HTML cleaner's jsdom. */

const DATA_URI = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s;

/** The bytes of a data URI (base64 or percent-encoded), or null when it is not one. */
export function bytesDataUri(uri: string): Buffer | null {
  const match = DATA_URI.exec(uri.trim());
  if (!match) return null;
  const base64 = match[2].split(';').includes('base64');
  try {
    return base64
      ? Buffer.from(match[3].replace(/\s+/g, ''), 'base64')
      : Buffer.from(decodeURIComponent(match[3]), 'utf8');
  } catch {
    return null;
  }
}
