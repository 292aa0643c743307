import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { decodeBase64Utf8 } from '../../../lib/base64';

/** A question, option or explanation text: base64 of UTF-8 HTML, decoded and sanitized before it is rendered
 * (the texts come from the question bank, which is not trusted with scripts). */
export function Html({
  base64,
  className,
  as: Tag = 'div',
}: {
  base64: string;
  className?: string;
  as?: 'div' | 'span';
}) {
  const html = useMemo(() => DOMPurify.sanitize(decodeBase64Utf8(base64)), [base64]);
  return <Tag className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** True when a base64 text decodes to nothing visible (an option the question does not have). */
export function isEmptyText(base64: string): boolean {
  return (
    decodeBase64Utf8(base64)
      .replace(/<[^>]*>|&nbsp;/g, '')
      .trim() === ''
  );
}
