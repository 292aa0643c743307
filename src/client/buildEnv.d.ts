/**
 * The only `process` the client has: the values webpack writes into the bundle at build time (DefinePlugin and
 * its mode, webpack.config.ts). Node's `process` is not there in a browser, so nothing else of it is declared.
 */
declare const process: {
  readonly env: {
    readonly NODE_ENV: string;
    readonly SIAPTES_COOKIE_KEY?: string;
    /** The build's version: package.json's, and the commit it was built from when known. */
    readonly SIAPTES_VERSI?: string;
  };
};
