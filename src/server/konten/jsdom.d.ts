/**
 * What the server uses of jsdom (bersihHtml.ts), typed without lib.dom: @types/jsdom pulls the browser's globals
 * (`window`, `document`) into every file of the program, and server code must not compile against them.
 * src/server/tsconfig.json maps 'jsdom' here; the tests' tsconfig reads the full @types/jsdom.
 */
export class JSDOM {
  constructor(html?: string);
  /** A DOM window, handed to DOMPurify as its WindowLike; its XMLSerializer writes a cleaned SVG back as XML. */
  readonly window: { XMLSerializer: new () => { serializeToString(node: object): string } };
}
