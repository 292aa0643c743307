/**
 * Numbers as Indonesians write them (what `Intl.NumberFormat('id-ID', { maximumFractionDigits })` writes: dots
 * between thousands, a decimal comma, halves rounded away from zero), written by hand. The first
 * Intl.NumberFormat of a page makes the browser load its number data: 40-55 ms on a desktop, 150-290 ms on a phone's
 * CPU (Lighthouse's 4× slowdown), inside whichever task first formats a number. Shared by the server's 503 and the
 * SPA.
 */

/** The digits of |value| as a plain decimal string (no exponent), as the shortest round-trip form gives them. */
function plainDigits(value: number): { whole: string; fraction: string } {
  const shortest = String(Math.abs(value));
  const exponent = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(shortest);
  if (!exponent) {
    const [whole, fraction = ''] = shortest.split('.');
    return { whole, fraction };
  }
  const digits = exponent[1] + (exponent[2] ?? '');
  const point = 1 + Number(exponent[3]);
  if (point <= 0) return { whole: '0', fraction: '0'.repeat(-point) + digits };
  if (point >= digits.length) return { whole: digits + '0'.repeat(point - digits.length), fraction: '' };
  return { whole: digits.slice(0, point), fraction: digits.slice(point) };
}

/** A decimal digit string plus one in its last place ("199" → "200", "99" → "100"). */
function addOne(digits: string): string {
  const out = digits.split('');
  for (let at = out.length - 1; at >= 0; at -= 1) {
    if (out[at] !== '9') {
      out[at] = String(Number(out[at]) + 1);
      return out.join('');
    }
    out[at] = '0';
  }
  return `1${out.join('')}`;
}

/** `value` with at most `maxFractionDigits` decimals, in Indonesian notation (1234.567, 2 → "1.234,57"). */
export function formatAngka(value: number, maxFractionDigits = 0): string {
  if (Number.isNaN(value)) return 'NaN';
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  if (!Number.isFinite(value)) return `${sign}∞`;
  let { whole, fraction } = plainDigits(value);
  if (fraction.length > maxFractionDigits) {
    const roundUp = fraction[maxFractionDigits] >= '5';
    fraction = fraction.slice(0, maxFractionDigits);
    if (roundUp) {
      const rounded = addOne(whole + fraction);
      whole = rounded.slice(0, rounded.length - fraction.length);
      fraction = rounded.slice(rounded.length - fraction.length);
    }
  }
  fraction = fraction.replace(/0+$/, '');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}
