/**
 * QTI 2.1/2.2: an `assessmentItem` XML, or an IMS content package (a zip with imsmanifest.xml listing the items
 * and their files), read with fast-xml-parser in document order and written back as our HTML. One interaction per
 * item: a single-choice `choiceInteraction` (≤ 5 choices) → type 1, a `textEntryInteraction` → type 2 (string) or
 * 5 (a number), an `extendedTextInteraction` → type 4; anything else, or partial credit, is refused. The package's
 * images become data: images, which the import moves into the content store.
 */
import path from 'node:path/posix';
import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { jenisGambar } from '../../konten/jenisGambar';
import type { SoalFile } from '../paketFormat';
import {
  type AsalSoal,
  FileSoalRusak,
  hasilKosong,
  type HasilKonversi,
  namaSoal,
  pembahasanDariFeedback,
  pilihanGanda,
} from './konversi';

/** A node in document order: `{ tag: children, ':@': attributes }` or `{ '#text': text }`. */
type Ordered = Record<string, unknown>;

const OPTIONS = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  trimValues: false,
  parseTagValue: false,
  parseAttributeValue: false,
} as const;
const parser = new XMLParser(OPTIONS);
const builder = new XMLBuilder({ ...OPTIONS, suppressEmptyNode: true });

const tagOf = (n: Ordered): string => Object.keys(n).find((k) => k !== ':@') ?? '';
const children = (n: Ordered): Ordered[] => {
  const value = n[tagOf(n)];
  return Array.isArray(value) ? (value as Ordered[]) : [];
};
const attr = (n: Ordered, name: string): string =>
  String((n[':@'] as Record<string, unknown>)?.[`@_${name}`] ?? '');
const find = (nodes: Ordered[], tag: string): Ordered[] => nodes.filter((n) => tagOf(n) === tag);
const findDeep = (nodes: Ordered[], tag: string): Ordered[] =>
  nodes.flatMap((n) => [...(tagOf(n) === tag ? [n] : []), ...findDeep(children(n), tag)]);
const text = (nodes: Ordered[]): string =>
  nodes.map((n) => (tagOf(n) === '#text' ? String(n['#text']) : text(children(n)))).join('');

function parse(xml: string, what: string): Ordered[] {
  try {
    return parser.parse(xml, true) as Ordered[];
  } catch (error) {
    throw new FileSoalRusak(`${what} is not well-formed XML (${(error as Error).message.split('\n')[0]})`);
  }
}

const INTERACTIONS = /Interaction$/;
/** Feedback shown after an answer: never question or option text (it holds the key), only the discussion. */
const FEEDBACK = new Set(['feedbackInline', 'feedbackBlock', 'modalFeedback']);

/** The nodes as HTML: interactions and feedback left out (a text entry becomes a blank line). */
function html(nodes: Ordered[], gambar: (src: string) => string): string {
  const walk = (list: Ordered[]): Ordered[] =>
    list.flatMap((n): Ordered[] => {
      const tag = tagOf(n);
      if (tag === 'textEntryInteraction') return [{ '#text': '……' }];
      if (INTERACTIONS.test(tag) || tag === 'rubricBlock' || FEEDBACK.has(tag)) return [];
      if (tag === '#text') return [n];
      const at = { ...((n[':@'] as Record<string, unknown>) ?? {}) };
      if (tag === 'img' && typeof at['@_src'] === 'string') at['@_src'] = gambar(at['@_src']);
      // An image as an <object> (its content is the text shown without it): an <img> with that text as its alt.
      if (
        tag === 'object' &&
        /^image\//.test(String(at['@_type'] ?? '')) &&
        typeof at['@_data'] === 'string'
      ) {
        const alt = text(children(n)).replace(/\s+/g, ' ').trim();
        return [{ img: [], ':@': { '@_src': gambar(at['@_data']), '@_alt': alt } }];
      }
      return [{ [tag]: walk(children(n)), ':@': at }];
    });
  return String(builder.build(walk(nodes))).trim();
}

/** One item: its questions (one) or why it is refused. */
export function bacaQtiItem(xml: string, berkas: Map<string, Uint8Array>, itemPath = ''): HasilKonversi {
  const doc = parse(xml, itemPath || 'the item');
  const item = find(doc, 'assessmentItem')[0];
  if (!item) throw new FileSoalRusak(`${itemPath || 'the file'} has no assessmentItem`);
  /** Images the item names but its file or package does not hold: the item is refused, never shown without them. */
  const hilang = new Set<string>();
  const gambar = (src: string) => {
    if (/^([a-z][a-z0-9+.-]*:|\/\/)/i.test(src)) return src;
    const bytes = berkas.get(path.normalize(path.join(path.dirname(itemPath), decodeURIComponent(src))));
    if (!bytes) {
      hilang.add(src);
      return src;
    }
    const buffer = Buffer.from(bytes);
    return `data:${jenisGambar(buffer) ?? 'application/octet-stream'};base64,${buffer.toString('base64')}`;
  };
  const body = find(children(item), 'itemBody')[0];
  const bodyNodes = body ? children(body) : [];
  const teksSoal = html(bodyNodes, gambar);
  const nama = namaSoal(attr(item, 'title') || attr(item, 'identifier'), teksSoal);
  const interactions = findInteractions(bodyNodes);
  const hasil = hasilKosong('QTI');
  // Several items of one package may share a title (and even an identifier): the item's file tells them apart.
  const asal = (jenis: string): AsalSoal => ({
    nama,
    jenis,
    ...(attr(item, 'identifier') ? { id: attr(item, 'identifier') } : {}),
    ...(itemPath ? { tempat: itemPath } : {}),
  });
  const tolak = (jenis: string, alasan: string) => hasil.tidakDidukung.push({ ...asal(jenis), alasan });
  const ambil = (jenis: string, soal: SoalFile) => {
    if (hilang.size > 0) {
      const names = `${hilang.size === 1 ? 'its image' : 'its images'} ${[...hilang].join(', ')}`;
      const verb = hilang.size === 1 ? 'is' : 'are';
      tolak(
        jenis,
        itemPath
          ? `${names} ${verb} not in the package`
          : `${names} ${verb} not in this file; import the item's content package (zip) instead`,
      );
      return;
    }
    hasil.soal.push(soal);
    hasil.asal.push(asal(jenis));
  };

  if (interactions.length !== 1) {
    tolak(
      interactions.map(tagOf).join(' + ') || 'no interaction',
      interactions.length === 0 ? 'the item asks nothing' : 'several interactions in one item',
    );
    return hasil;
  }
  const interaction = interactions[0];
  const jenis = tagOf(interaction);
  const declaration = find(children(item), 'responseDeclaration').find(
    (d) => attr(d, 'identifier') === attr(interaction, 'responseIdentifier'),
  );
  const benar = declaration
    ? findDeep(find(children(declaration), 'correctResponse'), 'value').map((v) => text(children(v)).trim())
    : [];
  const choices = jenis === 'choiceInteraction' ? find(children(interaction), 'simpleChoice') : [];
  const feedback = feedbackItem(item, choices, benar, (nodes) => html(nodes, gambar));
  const pembahasan = pembahasanDariFeedback(feedback.umum);
  const extra = pembahasan ? { pembahasan } : {};
  const mapping = declaration ? find(children(declaration), 'mapping')[0] : undefined;
  /** Other responses that still score ("york" worth 0.5), as the operator reads them. */
  const sebagian = (mapping ? find(children(mapping), 'mapEntry') : [])
    .filter((e) => !benar.includes(attr(e, 'mapKey')) && Number(attr(e, 'mappedValue') || '0') !== 0)
    .map((e) => `"${attr(e, 'mapKey')}" ${attr(e, 'mappedValue')}`);
  const partial = sebagian.length > 0;

  if (jenis === 'choiceInteraction') {
    const prompt = find(children(interaction), 'prompt')[0];
    const soal = [teksSoal, prompt ? `<p>${html(children(prompt), gambar)}</p>` : '']
      .filter(Boolean)
      .join('\n');
    const index = choices.findIndex((c) => attr(c, 'identifier') === benar[0]);
    if (attr(interaction, 'maxChoices') !== '1' || attr(declaration ?? {}, 'cardinality') !== 'single')
      tolak(jenis, 'several choices may be chosen (multi-response); we score one right option');
    else if (choices.length > 5) tolak(jenis, `${choices.length} choices; at most 5 (A–E)`);
    else if (choices.length < 2) tolak(jenis, 'fewer than two choices');
    else if (benar.length !== 1 || index < 0 || partial)
      tolak(jenis, 'no single correct response, or partial credit; we score one right option');
    else
      ambil(
        jenis,
        pilihanGanda(
          soal,
          choices.map((c) => html(children(c), gambar)),
          index,
          pembahasanDariFeedback(feedback.umum, feedback.perOpsi, index),
        ),
      );
    return hasil;
  }
  if (jenis === 'textEntryInteraction') {
    const baseType = attr(declaration ?? {}, 'baseType');
    const numeric = baseType === 'float' || baseType === 'integer';
    if (partial) tolak(jenis, `partial credit (${sebagian.join(', ')}); we score one answer, right or wrong`);
    else if (benar.length !== 1) tolak(jenis, 'not exactly one correct response; we score one answer');
    else ambil(jenis, { type: numeric ? 5 : 2, soal: teksSoal, kunci: benar[0], ...extra });
    return hasil;
  }
  if (jenis === 'extendedTextInteraction') {
    const prompt = find(children(interaction), 'prompt')[0];
    const soal = [teksSoal, prompt ? `<p>${html(children(prompt), gambar)}</p>` : '']
      .filter(Boolean)
      .join('\n');
    ambil(jenis, { type: 4, soal, ...extra });
    return hasil;
  }
  tolak(jenis, 'this interaction cannot be scored here');
  return hasil;
}

/**
 * An item's feedback sorted for the discussion. QTI shows a feedback when its outcome (FEEDBACK) holds its identifier
 * (`showHide="show"`) or does not (`hide`); response processing sets that outcome to the response itself, or to an
 * identifier such as "correct" when the response matches the correct one. So a feedback inside a choice, or named
 * by a choice, is that choice's; one shown for the right response (its identifier set when the response is correct,
 * or "correct") is the right answer's; one shown for a wrong response is left out; any other is general.
 */
function feedbackItem(
  item: Ordered,
  choices: Ordered[],
  benar: string[],
  toHtml: (nodes: Ordered[]) => string,
): { umum: string[]; perOpsi: string[] } {
  const perOpsi = choices.map(() => [] as string[]);
  const umum: string[] = [];
  const ids = choices.map((c) => attr(c, 'identifier'));
  const { right, wrong } = outcomeBenarSalah(item);
  const shown = (f: Ordered) => attr(f, 'showHide') !== 'hide';
  choices.forEach((c, i) => {
    for (const tag of ['feedbackInline', 'feedbackBlock'])
      for (const f of findDeep(children(c), tag)) if (shown(f)) perOpsi[i].push(toHtml(children(f)));
  });
  const insideChoice = new Set(
    choices.flatMap((c) => [
      ...findDeep(children(c), 'feedbackInline'),
      ...findDeep(children(c), 'feedbackBlock'),
    ]),
  );
  const body = find(children(item), 'itemBody')[0];
  const lepas = [
    ...(body
      ? [...findDeep(children(body), 'feedbackInline'), ...findDeep(children(body), 'feedbackBlock')]
      : []),
    ...find(children(item), 'modalFeedback'),
  ].filter((f) => !insideChoice.has(f));
  for (const f of lepas) {
    const id = attr(f, 'identifier');
    const teks = toHtml(children(f));
    const choice = ids.indexOf(id);
    const forRight = shown(f) ? right.has(id) || benar.includes(id) : wrong.has(id);
    const forWrong = shown(f) ? wrong.has(id) : right.has(id) || benar.includes(id);
    if (choice >= 0 && shown(f) && !benar.includes(id)) perOpsi[choice].push(teks);
    else if (forRight) umum.push(teks);
    else if (!forWrong && choice < 0) umum.push(teks);
  }
  return { umum, perOpsi: perOpsi.map((list) => list.join('\n')) };
}

/**
 * The identifiers response processing gives an outcome when the response is correct (a `responseIf` whose condition
 * asks for `<correct>`) and otherwise (its `responseElse`), with the usual names "correct" and "incorrect".
 */
function outcomeBenarSalah(item: Ordered): { right: Set<string>; wrong: Set<string> } {
  const right = new Set(['correct', 'benar', 'right']);
  const wrong = new Set(['incorrect', 'salah', 'wrong']);
  const nilai = (nodes: Ordered[]) =>
    findDeep(nodes, 'setOutcomeValue').flatMap((s) =>
      findDeep(children(s), 'baseValue').map((v) => text(children(v)).trim()),
    );
  for (const condition of findDeep(
    find(children(item), 'responseProcessing').flatMap(children),
    'responseCondition',
  )) {
    const parts = children(condition).filter((n) => tagOf(n) !== '#text');
    const [jika, ...lain] = parts;
    if (!jika || tagOf(jika) !== 'responseIf') continue;
    const [syarat, ...langkah] = children(jika).filter((n) => tagOf(n) !== '#text');
    if (!syarat || findDeep([syarat], 'correct').length === 0) continue;
    for (const v of nilai(langkah)) right.add(v);
    for (const v of nilai(lain.filter((n) => tagOf(n) === 'responseElse'))) wrong.add(v);
  }
  return { right, wrong };
}

function findInteractions(nodes: Ordered[]): Ordered[] {
  return nodes.flatMap((n) =>
    INTERACTIONS.test(tagOf(n)) ? [n] : tagOf(n) === '#text' ? [] : findInteractions(children(n)),
  );
}

/** A content package: the items its manifest lists, in that order, with the package's files for their images. */
export function bacaQtiPaket(entries: Record<string, Uint8Array>): HasilKonversi {
  const manifest = parse(Buffer.from(entries['imsmanifest.xml']).toString('utf8'), 'imsmanifest.xml');
  const resources = findDeep(manifest, 'resource').filter((r) => /^imsqti_item/.test(attr(r, 'type')));
  if (resources.length === 0) throw new FileSoalRusak('imsmanifest.xml lists no QTI item (imsqti_item_…)');
  const files = new Map(Object.entries(entries).map(([name, bytes]) => [path.normalize(name), bytes]));
  const out = hasilKosong('QTI content package');
  for (const resource of resources) {
    const href = path.normalize(decodeURIComponent(attr(resource, 'href')));
    const bytes = files.get(href);
    if (!bytes) throw new FileSoalRusak(`imsmanifest.xml lists ${href}, which is not in the package`);
    const one = bacaQtiItem(Buffer.from(bytes).toString('utf8'), files, href);
    out.soal.push(...one.soal);
    out.asal.push(...one.asal);
    out.tidakDidukung.push(...one.tidakDidukung);
  }
  return out;
}
