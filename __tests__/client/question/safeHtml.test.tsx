/**
 * SafeHtml renders question HTML through the strict question profile shared with the server's import: hostile
 * markup never reaches the page, KaTeX's output (checked with a real katex.renderToString) and images from /konten
 * or data:image survive, and links open in a new tab without the opener.
 */
import { render } from '@testing-library/react';
import katex from 'katex';
import { SafeHtml } from '../../../src/client/components/question/SafeHtml';

const KONTEN = `/konten/${'0f'.repeat(32)}`;
const DATA_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function rendered(html: string): HTMLElement {
  const { container } = render(<SafeHtml html={html} />);
  return container.firstElementChild as HTMLElement;
}

/** The markup as the browser itself parses it, for an exact comparison. */
function parsed(html: string): string {
  const div = document.createElement('div');
  div.innerHTML = html;
  return div.innerHTML;
}

it('drops scripts, handlers, frames, forms, inputs, buttons, javascript: links, external images and positioning', () => {
  const box = rendered(
    [
      '<p onclick="curi()">Soal<script>alert(1)</script></p>',
      '<img src=x onerror="alert(2)">',
      '<iframe src="https://contoh.test/"></iframe><object data="https://contoh.test/a.swf"></object>',
      '<form action="https://contoh.test/"><input name="u"><button>Kirim</button><select><option>1</option></select></form>',
      '<a href="javascript:alert(3)">klik</a>',
      '<img src="https://contoh.test/lacak.gif" alt="lacak">',
      '<div style="position:fixed;top:0;left:0;z-index:9999;transform:scale(9);color:red">tutup layar</div>',
      '<p style="margin-top:-400px;background:url(https://contoh.test/x.gif)">naik</p>',
      '<span class="fixed-top btn btn-primary">Selesai</span>',
    ].join(''),
  );
  expect(
    box.querySelector('script, iframe, object, form, input, button, select, [onclick], [onerror]'),
  ).toBeNull();
  expect(box.querySelectorAll('img')).toHaveLength(0);
  expect(box.querySelector('a')?.getAttribute('href')).toBeNull();
  expect(box.innerHTML).not.toContain('contoh.test');
  const fixedDiv = [...box.querySelectorAll('div')].find((d) => d.textContent === 'tutup layar');
  expect(fixedDiv?.getAttribute('style')).toBe('color:red;');
  const naik = [...box.querySelectorAll('p')].find((p) => p.textContent === 'naik');
  expect(naik?.hasAttribute('style')).toBe(false);
  expect(box.querySelector('span')?.hasAttribute('class')).toBe(false);
  expect(box.textContent).toContain('Soal');
  expect(box.textContent).toContain('Selesai');
});

it('keeps KaTeX HTML and MathML exactly, and images from /konten or data:image', () => {
  const math =
    katex.renderToString('\\frac{a}{b}+x^2', { output: 'htmlAndMathml' }) +
    katex.renderToString('\\sqrt{x}\\!\\,\\overrightarrow{AB}', {
      output: 'htmlAndMathml',
      displayMode: true,
    });
  const html = `<p>Hitung ${math}</p><p><img src="${KONTEN}" alt="grafik"> <img src="${DATA_PNG}" alt="titik"></p>`;
  const box = rendered(html);
  expect(box.innerHTML).toBe(parsed(html));
  expect(box.querySelector('annotation[encoding="application/x-tex"]')?.textContent).toBe('\\frac{a}{b}+x^2');
  expect(box.querySelector('.katex-html')).not.toBeNull();
  const spaces = [...box.querySelectorAll('.mspace')].map((span) => span.getAttribute('style'));
  expect(spaces).toContain('margin-right:-0.1667em;');
  expect([...box.querySelectorAll('img')].map((img) => img.getAttribute('alt'))).toEqual(['grafik', 'titik']);
});

it('opens links in a new tab without the opener or a referrer', () => {
  const link = rendered('<a href="https://kbbi.kemdikbud.go.id/" target="_self">KBBI</a>').querySelector('a');
  expect(link?.getAttribute('target')).toBe('_blank');
  expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
});
