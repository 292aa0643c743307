/**
 * An option the question does not have is never shown: not on the package sheet (a four-option question for a
 * five-choice student), the per-topic sheet or the review. One rule (isEmptyHtml, shared with the PDFs) decides.
 */
import { render, screen, within } from '@testing-library/react';
import { isEmptyHtml, type SoalMateri, type SoalPaket, type SoalReview } from '../../../src/contract';
import { ReviewQuestion } from '../../../src/client/features/hasil/components/ReviewQuestion';
import { materiOptions } from '../../../src/client/features/tryoutMateri/pages/MateriSheetPage';
import { SoalPaketView } from '../../../src/client/features/tryoutPaket/components/SoalPaketView';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const GAMBAR = `<img src="/konten/${'c3'.repeat(32)}" alt="grafik">`;

describe('isEmptyHtml', () => {
  it('treats markup without anything visible as an absent option', () => {
    for (const html of ['', '  <p></p> ', '<p>&nbsp;</p>', '<p>&#160;</p>', '<span>\u200b</span>', '<br>'])
      expect(isEmptyHtml(html)).toBe(true);
  });

  it('keeps an option that shows something, even only an image or a formula', () => {
    for (const html of ['<p>½</p>', '0', GAMBAR, '<span class="katex"><math><mn>2</mn></math></span>'])
      expect(isEmptyHtml(html)).toBe(false);
  });
});

function soalPaket(e: string): SoalPaket {
  return {
    id_soal: 1,
    soal: '<p>Hasil dari 2 + 2 adalah …</p>',
    type: 1,
    jawaban_siswa: '',
    id_jawaban: 11,
    group_soal: [],
    group_text_type: null,
    id_mapel: 3,
    a: '3',
    b: '4',
    c: '5',
    d: '6',
    e,
    nomor: 1,
  };
}

const radios = () => screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'));

describe('the package sheet', () => {
  it.each(['', '<p></p>', '<p>&nbsp;</p>'])(
    'shows a five-choice student A–D only on a four-option question (E = %j)',
    (e) => {
      render(
        <SoalPaketView soal={soalPaket(e)} fiveChoices onAnswer={jest.fn()} onGroupAnswer={jest.fn()} />,
      );
      expect(radios()).toEqual(['A', 'B', 'C', 'D']);
      expect(screen.queryByText('E.')).not.toBeInTheDocument();
    },
  );

  it('shows E when the question has it, also when it is only an image', () => {
    render(
      <SoalPaketView soal={soalPaket(GAMBAR)} fiveChoices onAnswer={jest.fn()} onGroupAnswer={jest.fn()} />,
    );
    expect(radios()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(screen.getByRole('img', { name: 'grafik' })).toBeInTheDocument();
  });

  it('never shows E to a four-choice student', () => {
    render(
      <SoalPaketView
        soal={soalPaket('7')}
        fiveChoices={false}
        onAnswer={jest.fn()}
        onGroupAnswer={jest.fn()}
      />,
    );
    expect(radios()).toEqual(['A', 'B', 'C', 'D']);
  });
});

describe('the per-topic sheet', () => {
  it('lists only the options the question has', () => {
    const soal: SoalMateri = {
      id_soal: 1,
      soal: base64('<p>Soal</p>'),
      a: base64('1'),
      b: base64('2'),
      c: base64('<p>&nbsp;</p>'),
      d: base64('4'),
      e: base64(''),
      type: 1,
      jawaban: '',
    };
    expect(materiOptions(soal).map((option) => option.letter)).toEqual(['A', 'B', 'D']);
  });
});

describe('the review', () => {
  it('lists A–D of a four-option question, with the key and the answer marked', () => {
    const soal: SoalReview = {
      id_soal: 1,
      soal: base64('<p>Hasil dari 2 + 2 adalah …</p>'),
      type: 1,
      a: base64('3'),
      b: base64('4'),
      c: base64('5'),
      d: base64('6'),
      e: base64('<p>&nbsp;</p>'),
      jawaban: 'A',
      kunci: 'B',
      is_benar: 0,
      pembahasan: base64('<p>2 + 2 = 4</p>'),
    };
    const { container } = render(<ReviewQuestion soal={soal} nomor={1} />);
    const options = [...container.querySelectorAll('[data-option]')];
    expect(options.map((li) => li.getAttribute('data-option'))).toEqual(['A', 'B', 'C', 'D']);
    expect(within(options[1] as HTMLElement).getByText(/Kunci/)).toBeInTheDocument();
  });
});
