/** Pieces of the answers every feature sends: the envelope of a success or a refusal and the contract's encoding of question texts. */

/** The answer of a call that succeeded with data: `{ status: true, content }`. */
export function berhasil<C>(content: C): { status: true; content: C } {
  return { status: true, content };
}

/** A refusal the client shows as a message (HTTP 200, the spec's "status false" flows). */
export function gagal(message: string): { status: false; message: string } {
  return { status: false, message };
}

/** A refusal that only means "not yet": the message and the moment after which the thing opens. */
export function belumDibuka(terkunci: { message: string; dibuka_pada: string }): {
  status: false;
  message: string;
  dibuka_pada: string;
} {
  return { status: false, message: terkunci.message, dibuka_pada: terkunci.dibuka_pada };
}

/** Base64 of the UTF-8 bytes of an HTML text (contract: soal, a..e and pembahasan travel this way). */
export function base64(teks: string): string {
  return Buffer.from(teks, 'utf8').toString('base64');
}

/** A question's text and its options (HTML), as every question table holds them (db/types.ts). */
type TeksSoal = Record<'soal' | 'a' | 'b' | 'c' | 'd' | 'e', string>;

/** A question's text and options, each in base64. */
export function teksSoalBase64(s: TeksSoal): TeksSoal {
  return {
    soal: base64(s.soal),
    a: base64(s.a),
    b: base64(s.b),
    c: base64(s.c),
    d: base64(s.d),
    e: base64(s.e),
  };
}
