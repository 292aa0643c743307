/**
 * The PDF phase's package (pdfPhase.ts): one regular schedule whose one subject holds `questions` multiple-choice
 * questions written as a TeX-to-Moodle exporter or a teacher writes them, with `\(...\)` formulas in the question,
 * in every option and in the discussion (units such as `\(g = 10\, ms^{-2}\)`, fractions, roots, limits,
 * integrals). Six kinds of question take turns and each one's numbers come from its place, so that almost every
 * formula differs: a PDF of them is typeset formula by formula, not out of a cache of a few repeated ones.
 */
import type { PaketFile, SoalFile } from '../server/operator/paketFormat';

type Letter = 'A' | 'B' | 'C' | 'D' | 'E';

const LETTERS: readonly Letter[] = ['A', 'B', 'C', 'D', 'E'];

/** A question's right answer and four wrong ones, as TeX, and where the right one goes. */
function multipleChoice(
  n: number,
  soal: string,
  right: string,
  wrong: [string, string, string, string],
  pembahasan: string,
): SoalFile {
  const key = LETTERS[n % 5];
  // A wrong answer that came out equal to another (small numbers) is moved away from it.
  const texts: string[] = [];
  for (const [i, w] of wrong.entries()) texts.push(w === right || texts.includes(w) ? `${w} + ${i + 1}` : w);
  texts.splice(n % 5, 0, right);
  const [a, b, c, d, e] = texts.map((t) => `\\(${t}\\)`);
  return { type: 1, soal, opsi: { a, b, c, d, e }, kunci: key, pembahasan };
}

/** A fraction in lowest terms, as TeX (a whole number when it is one). */
export function fractionTex(numerator: number, denominator: number): string {
  const gcd = (a: number, b: number): number => (b === 0 ? Math.abs(a) : gcd(b, a % b));
  const g = gcd(numerator, denominator) || 1;
  const [p, q] = [numerator / g, denominator / g].map((x) => (denominator < 0 ? -x : x));
  if (q === 1) return String(p);
  return `${p < 0 ? '-' : ''}\\frac{${Math.abs(p)}}{${q}}`;
}

/** Free fall: the speed on reaching the ground. */
function freeFall(n: number, k: number): SoalFile {
  const h = 5 + k;
  const m = 1 + (k % 7);
  const square = 20 * h;
  return multipleChoice(
    n,
    `<p>Sebuah bola bermassa \\(m = ${m}\\,\\text{kg}\\) dijatuhkan tanpa kecepatan awal dari ketinggian ` +
      `\\(h = ${h}\\,\\text{m}\\). Jika \\(g = 10\\, ms^{-2}\\) dan gesekan udara diabaikan, kecepatan bola saat ` +
      `menyentuh tanah adalah ...</p>`,
    `\\sqrt{${square}}\\ \\text{m s}^{-1}`,
    [
      `\\sqrt{${10 * h}}\\ \\text{m s}^{-1}`,
      `${2 * h}\\ \\text{m s}^{-1}`,
      `\\sqrt{${square + 10}}\\ \\text{m s}^{-1}`,
      `${h}\\sqrt{2}\\ \\text{m s}^{-1}`,
    ],
    `<p>Energi mekanik kekal: \\(mgh = \\tfrac{1}{2} m v^2\\), sehingga massa \\(${m}\\,\\text{kg}\\) tidak ` +
      `berpengaruh dan \\[v = \\sqrt{2gh} = \\sqrt{2 \\cdot 10 \\cdot ${h}} = \\sqrt{${square}}\\ ` +
      `\\text{m s}^{-1}.\\]</p>`,
  );
}

/** Vieta: the sum of the roots' reciprocals. */
function reciprocalRoots(n: number, k: number): SoalFile {
  const b = -(3 + (k % 11));
  const c = 2 + (k % 13) + Math.floor(k / 13);
  const right = fractionTex(-b, c);
  return multipleChoice(
    n,
    `<p>Akar-akar persamaan kuadrat \\(x^2 ${b}x + ${c} = 0\\) adalah \\(x_1\\) dan \\(x_2\\). Nilai ` +
      `\\(\\dfrac{1}{x_1} + \\dfrac{1}{x_2}\\) adalah ...</p>`,
    right,
    [fractionTex(c, -b), fractionTex(b, c), fractionTex(-b + 1, c), fractionTex(-b, c + 1)],
    `<p>Dari rumus Vieta \\(x_1 + x_2 = -\\frac{b}{a} = ${-b}\\) dan \\(x_1 x_2 = \\frac{c}{a} = ${c}\\), maka ` +
      `\\[\\frac{1}{x_1} + \\frac{1}{x_2} = \\frac{x_1 + x_2}{x_1 x_2} = \\frac{${-b}}{${c}} = ${right}.\\]</p>`,
  );
}

/** A limit of the form 0/0 taken by factoring. */
function limit(n: number, k: number): SoalFile {
  const a = 2 + (k % 9);
  const p = 1 + (k % 5);
  const right = 2 * a * p;
  return multipleChoice(
    n,
    `<p>Nilai \\(\\displaystyle\\lim_{x \\to ${a}} \\frac{${p}x^2 - ${p * a * a}}{x - ${a}}\\) adalah ...</p>`,
    String(right),
    [String(a * p), String(right + p), '0', String(a * a * p)],
    `<p>Bentuknya \\(\\frac{0}{0}\\) di \\(x = ${a}\\); difaktorkan: \\[\\lim_{x \\to ${a}} ` +
      `\\frac{${p}(x - ${a})(x + ${a})}{x - ${a}} = \\lim_{x \\to ${a}} ${p}(x + ${a}) = ${p} \\cdot ${2 * a} = ` +
      `${right}.\\]</p>`,
  );
}

/** A definite integral of a polynomial. */
function integral(n: number, k: number): SoalFile {
  const u = 1 + (k % 4);
  const b = 1 + (k % 6);
  const c = 2 + (k % 5);
  // ∫₀ᵘ (b x² + c x) dx = b u³/3 + c u²/2
  const right = fractionTex(2 * b * u ** 3 + 3 * c * u ** 2, 6);
  return multipleChoice(
    n,
    `<p>Hasil dari \\(\\displaystyle\\int_{0}^{${u}} \\left(${b}x^2 + ${c}x\\right)\\,dx\\) adalah ...</p>`,
    right,
    [
      fractionTex(b * u ** 3 + c * u ** 2, 1),
      fractionTex(2 * b * u ** 3 + 3 * c * u ** 2, 3),
      fractionTex(b * u ** 3, 3),
      fractionTex(2 * b * u ** 3 + 3 * c * u ** 2 + 6, 6),
    ],
    `<p>\\[\\int_{0}^{${u}} \\left(${b}x^2 + ${c}x\\right)dx = \\left[\\frac{${b}}{3}x^3 + \\frac{${c}}{2}x^2` +
      `\\right]_{0}^{${u}} = \\frac{${b} \\cdot ${u ** 3}}{3} + \\frac{${c} \\cdot ${u ** 2}}{2} = ${right}.\\]</p>`,
  );
}

/** Pythagorean triples for the trigonometry questions. */
const TRIPLES: readonly [number, number, number][] = [
  [3, 4, 5],
  [5, 12, 13],
  [8, 15, 17],
  [7, 24, 25],
  [20, 21, 29],
  [9, 40, 41],
  [12, 35, 37],
  [11, 60, 61],
];

/** From a sine to a tangent and a cosine. */
function trigonometry(n: number, k: number): SoalFile {
  const [p, q, r] = TRIPLES[k % TRIPLES.length];
  const scale = 1 + Math.floor(k / TRIPLES.length);
  const sin = `\\frac{${p * scale}}{${r * scale}}`;
  return multipleChoice(
    n,
    `<p>Diketahui \\(\\sin\\theta = ${sin}\\) dengan \\(0 < \\theta < \\frac{\\pi}{2}\\). Nilai ` +
      `\\(\\tan\\theta + \\cos\\theta\\) adalah ...</p>`,
    fractionTex(p * r + q * q, q * r),
    [
      fractionTex(q * r + p * p, p * r),
      fractionTex(p + q, r),
      fractionTex(p * r - q * q, q * r),
      fractionTex(p, q),
    ],
    `<p>Sisi samping \\(= \\sqrt{${r * scale}^2 - ${p * scale}^2} = ${q * scale}\\), jadi ` +
      `\\(\\cos\\theta = \\frac{${q}}{${r}}\\) dan \\(\\tan\\theta = \\frac{${p}}{${q}}\\): \\[\\tan\\theta + ` +
      `\\cos\\theta = \\frac{${p}}{${q}} + \\frac{${q}}{${r}} = ${fractionTex(p * r + q * q, q * r)}.\\]</p>`,
  );
}

/** Square-free parts for the roots questions. */
const RADICANDS = [2, 3, 5, 6, 7, 10, 11, 13];

/** A sum of surds simplified. */
function surds(n: number, k: number): SoalFile {
  const a = RADICANDS[k % RADICANDS.length];
  const b = 2 + (k % 5);
  const c = 1 + (Math.floor(k / 5) % 6);
  return multipleChoice(
    n,
    `<p>Bentuk sederhana dari \\(\\sqrt{${a * b * b}} + \\sqrt{${a * c * c}} - \\sqrt{${a}}\\) adalah ...</p>`,
    `${b + c - 1}\\sqrt{${a}}`,
    [
      `${b + c}\\sqrt{${a}}`,
      `\\sqrt{${a * (b * b + c * c - 1)}}`,
      `${b * c}\\sqrt{${a}}`,
      `${b + c - 1}\\sqrt{${2 * a}}`,
    ],
    `<p>\\(\\sqrt{${a * b * b}} = \\sqrt{${b * b} \\cdot ${a}} = ${b}\\sqrt{${a}}\\) dan ` +
      `\\(\\sqrt{${a * c * c}} = ${c}\\sqrt{${a}}\\), sehingga jumlahnya ` +
      `\\((${b} + ${c} - 1)\\sqrt{${a}} = ${b + c - 1}\\sqrt{${a}}\\).</p>`,
  );
}

const KINDS = [freeFall, reciprocalRoots, limit, integral, trigonometry, surds];

/** `count` questions, the kinds taking turns, numbered from 1. */
export function pdfQuestions(count: number): SoalFile[] {
  return Array.from({ length: count }, (_, n) => KINDS[n % KINDS.length](n, Math.floor(n / KINDS.length)));
}

/** Every `\(...\)` and `\[...\]` formula of a question, as written. */
export function formulasOf(soal: SoalFile): string[] {
  const texts = [soal.soal, ...Object.values(soal.opsi ?? {}), soal.pembahasan ?? ''];
  return texts.flatMap((t) => [...t.matchAll(/\\\(([\s\S]+?)\\\)|\\\[([\s\S]+?)\\\]/g)].map((m) => m[0]));
}

export const PDF_PAKET = 990;

/**
 * The package file: a regular (not event) schedule open from an hour ago for a day, for the given students, with
 * one category of one subject.
 */
export function pdfPackage(questions: number, usernames: string[], now: number): PaketFile {
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    paket: PDF_PAKET,
    nama: `Tryout Saintek (bench PDF, ${questions} soal bertex)`,
    kategori: [
      {
        nama: 'Saintek',
        mapel: [{ nama: 'Fisika dan Matematika', waktu: 300, soal: pdfQuestions(questions) }],
      },
    ],
    jadwal: {
      tgl_awal: iso(now - 60 * 60 * 1000),
      tgl_akhir: iso(now + 24 * 60 * 60 * 1000),
      is_event: false,
      peserta: { username: usernames },
    },
  };
}
