/** Style sheets are bundled by webpack (mini-css-extract-plugin); importing one yields nothing to use. */
declare module '*.css';
