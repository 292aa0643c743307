import DOMPurify from 'dompurify';
// Questions carry math typeset by KaTeX at import (its HTML and MathML); this styles it, no script runs.
import 'katex/dist/katex.min.css';
import { useMemo } from 'react';

/** Question HTML from the server, sanitized (DOMPurify) before it reaches the page. */
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
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <Tag id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
