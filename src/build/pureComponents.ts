/**
 * A webpack loader for react-router's production build (webpack.config.ts): its components made with
 * `React.forwardRef`, `React.memo` and `React.createContext` are marked as free of side effects, and the names it
 * gives them for React's developer tools (`X.displayName = "…"`) are left out. Without this, webpack and terser must
 * keep every such component, used or not, with all it calls (Link's page prefetching, Form, the data router's
 * routes): about 1.4 KB gzip that the login page would load for nothing.
 */
export function markPure(source: string): string {
  return source
    .replace(/(=\s*)(React\d*\.(?:forwardRef|memo|createContext)\()/g, '$1/* @__PURE__ */ $2')
    .replace(/^[A-Za-z_$][\w$]*\.displayName = "[^"]*";$/gm, '');
}

export default function pureComponentsLoader(source: string): string {
  return markPure(source);
}
