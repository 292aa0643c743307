/** The command line of `npm run siaptes`, as its commands read it. */

/** The command line is wrong: the help follows the message, exit code 2. */
export class SalahPakai extends Error {}

export interface Argumen {
  positional: string[];
  flags: Map<string, string | true>;
}
