/** How every PDF is answered: inline, named, never cached. */
import type { FastifyReply } from 'fastify';

export function sendPdf(reply: FastifyReply, filename: string, pdf: Buffer): FastifyReply {
  return reply
    .header('Content-Type', 'application/pdf')
    .header('Content-Disposition', `inline; filename="${filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(pdf);
}
