import DOMPurify from 'dompurify';
// Questions carry math typeset by KaTeX at import (its HTML and MathML); this styles it, no script runs.
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';
// The module itself, not the contract's index: that would build every TypeBox schema of the API on the page.
import { buatPembersihHtml } from '../../../contract/htmlSoal';

/** The question-HTML profile shared with the server's import, on an instance of its own (its hooks stay here). */
const bersihkan = buatPembersihHtml(DOMPurify(window));

/** Question HTML from the server, sanitized with the strict question profile before it reaches the page. The
 * wrapper (`html-soal`) also clips whatever still overflows, so nothing from a question paints outside it. */
export function SafeHtml({
  html,
  className,
  id,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  id?: string;
  as?: 'div' | 'span';
}) {
  const clean = useMemo(() => bersihkan(html), [html]);
  return (
    <Tag
      id={id}
      className={className ? `html-soal ${className}` : 'html-soal'}
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
