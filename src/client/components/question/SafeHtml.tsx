import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Question HTML from the server, sanitized (DOMPurify) before it reaches the page. */
export function SafeHtml({
  html,
  className,
  as: Tag = 'div',
}: {
  html: string;
  className?: string;
  as?: 'div' | 'span';
}) {
  const clean = useMemo(() => DOMPurify.sanitize(html), [html]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
