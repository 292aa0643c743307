import { decodeBase64Utf8, encodeBase64Utf8 } from '../../../src/client/lib/base64';

describe('base64 of UTF-8 texts', () => {
  it('decodes accents, superscripts and dashes that atob alone would garble', () => {
    const html = '<p>Nilai x² — café ≤ 5</p>';
    const encoded = Buffer.from(html, 'utf8').toString('base64');
    expect(decodeBase64Utf8(encoded)).toBe(html);
    expect(encodeBase64Utf8(html)).toBe(encoded);
  });

  it('keeps an empty text empty', () => {
    expect(decodeBase64Utf8('')).toBe('');
  });
});
