/** How every PDF is answered: inline, named, never cached, framed by our own pages only. */
import type { FastifyReply } from 'fastify';
import { EMBEDDED_DOCUMENT_HEADERS } from '../lib/documentHeaders';

export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .headers(EMBEDDED_DOCUMENT_HEADERS)
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}
