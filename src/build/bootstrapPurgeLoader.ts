/**
 * A webpack loader for Bootstrap's style sheet (webpack.config.ts): only the rules of the classes the SPA can use
 * (usedClasses.ts, purgeCss.ts). It reads src/client, so a change there rebuilds the sheet.
 */
import path from 'node:path';
import type { LoaderContext } from 'webpack';
import { purgeCss } from './purgeCss';
import { usedClassTest } from './usedClasses';

export default function bootstrapPurgeLoader(
  this: LoaderContext<{ clientDir: string }>,
  css: string,
): string {
  const { clientDir } = this.getOptions();
  this.addContextDependency(clientDir);
  // react-bootstrap's main is cjs/index.js; its ES modules are beside it.
  const esmDir = path.join(path.dirname(require.resolve('react-bootstrap')), '..', 'esm');
  return purgeCss(css, usedClassTest(clientDir, esmDir));
}
