import DOMPurify from 'dompurify';
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
