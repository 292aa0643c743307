/** True when an HTML text shows nothing (an option the question does not have): tags, &nbsp; and spaces only. */
export function isEmptyHtml(html: string): boolean {
  return html.replace(/<[^>]*>|&nbsp;/g, '').trim() === '';
}
