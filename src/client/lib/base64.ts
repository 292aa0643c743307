/** Per-topic texts travel as base64 of UTF-8 HTML (contract tryoutMateri). `atob` alone would garble é, ², —. */
export function decodeBase64Utf8(encoded: string): string {
  if (encoded === '') return '';
  const binary = atob(encoded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder('utf-8').decode(bytes);
}

/** The inverse, used for route segments such as the subject id of the answer sheet. */
export function encodeBase64Utf8(value: string): string {
  const bytes = new TextEncoder().encode(value);
  let binary = '';
  bytes.forEach((byte) => {
    binary += String.fromCharCode(byte);
  });
  return btoa(binary);
}
