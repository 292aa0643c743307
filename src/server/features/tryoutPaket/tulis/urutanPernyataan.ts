/**
 * The saves of one statement question (type 3) of a process written one statement after the other. The saves'
 * shared statement on PostgreSQL computes a question's marker from its statements as stored before the statement
 * began (simpanBersama.ts): a save sent while an earlier save of its question is still being written by another
 * statement would not see that save's statements, and could leave the marker '0' with a statement answered. So while
 * a save of a question is in a statement being written, later saves of it wait here, and go together once every
 * save of it being written has been answered (committed, or failed). Saves of a question handed in before their
 * statement is sent still go in that one statement, whose merge keeps their order.
 */

interface Soal {
  /** Saves handed in for the next statement, not sent yet. */
  diserahkan: number;
  /** Saves in a statement being written, not answered yet. */
  berjalan: number;
  /** Saves waiting for those, in the order they came: each hands itself in. */
  menunggu: (() => void)[];
}

export interface UrutanPernyataan {
  /**
   * Runs `serahkan` (hands the save of `idJawaban` in) now, or once the saves of its question being written end. It
   * gets `dijawab`, to call once the save has been answered (committed, or failed); a second call does nothing.
   */
  serahkan(idJawaban: number, serahkan: (dijawab: () => void) => void): void;
  /** A save of `idJawaban` handed in is now in a statement being written. */
  dikirim(idJawaban: number): void;
}

export function urutanPernyataan(): UrutanPernyataan {
  const soal = new Map<number, Soal>();
  const lepas = (idJawaban: number, s: Soal) => {
    if (s.berjalan > 0) return;
    const giliran = s.menunggu;
    s.menunggu = [];
    s.diserahkan += giliran.length;
    for (const serahkan of giliran) serahkan();
    if (s.diserahkan === 0 && s.berjalan === 0) soal.delete(idJawaban);
  };
  const dijawab = (idJawaban: number) => {
    const s = soal.get(idJawaban);
    if (s === undefined) return;
    s.berjalan--;
    lepas(idJawaban, s);
  };
  return {
    serahkan(idJawaban, serahkan) {
      let s = soal.get(idJawaban);
      if (s === undefined) {
        s = { diserahkan: 0, berjalan: 0, menunggu: [] };
        soal.set(idJawaban, s);
      }
      let sudah = false;
      const sekali = () => {
        if (!sudah) dijawab(idJawaban);
        sudah = true;
      };
      if (s.berjalan > 0) {
        s.menunggu.push(() => serahkan(sekali));
        return;
      }
      s.diserahkan++;
      serahkan(sekali);
    },
    dikirim(idJawaban) {
      const s = soal.get(idJawaban);
      if (s === undefined) return;
      s.diserahkan--;
      s.berjalan++;
    },
  };
}

/**
 * The saves of a failed statement written again alone: a statement question's saves one after the other, each
 * once the one before has been answered, in the order they are handed in (the batch's: the order they came), so
 * the last one's statements and marker are what stays; written at once, two could race on the marker. Every other
 * write (`idJawaban` null) goes at once.
 */
export function satuPerSoal(): (idJawaban: number | null, tulis: () => Promise<void>) => Promise<void> {
  const terakhir = new Map<number, Promise<unknown>>();
  return (idJawaban, tulis) => {
    if (idJawaban === null) return tulis();
    const giliran = (terakhir.get(idJawaban) ?? Promise.resolve()).then(tulis);
    terakhir.set(
      idJawaban,
      giliran.catch(() => undefined),
    );
    return giliran;
  };
}
