/**
 * The phone's size budget, which the production build holds (README "Performance"): what /login and the logged-in
 * routes load of JavaScript, and the CSS of the first load, gzip. The build prints every initial chunk and each
 * route's JavaScript, and fails above any budget.
 */
import zlib from 'node:zlib';
import webpack from 'webpack';

/** KB (1,024 bytes) of gzip. */
const BUDGET_KB = { loginJs: 100, firstLoadCss: 20 } as const;

/**
 * The logged-in routes the phone bench measures (#51), each with its page's chunk group and the gzip KB of
 * JavaScript it may load: the entry, what the boot loads beside any logged-in page (BOOT_GROUPS) and the page's
 * own chunks. What loads later (the chart of /hasil, as it comes onto the screen) is not counted.
 */
export const ROUTE_BUDGET = {
  '/home': { group: 'page-home', kb: 215 },
  '/to/{id} sheet': { group: 'page-to-sheet', kb: 245 },
  '/hasil': { group: 'page-hasil', kb: 215 },
  '/rangking': { group: 'page-rangking', kb: 215 },
} as const;
type LoggedInRoute = keyof typeof ROUTE_BUDGET;

/** The chunks index.tsx loads at the boot of a logged-in page, beside the page's own (and dialogs.ts the dialogs). */
const BOOT_GROUPS = ['layout', 'session', 'persist', 'sagas', 'sweetalert2', 'service-worker'];

/** The gzip KB the page loads (the route's JavaScript, the first load's CSS). */
interface LoadedKb {
  loginJsKb: number;
  cssKb: number;
  routeJsKb?: Partial<Record<LoggedInRoute, number>>;
}

/** What is over budget, as the build's error messages; none when all is within. */
export function overBudget({ loginJsKb, cssKb, routeJsKb = {} }: LoadedKb): string[] {
  const errors: string[] = [];
  for (const [route, kb] of Object.entries(routeJsKb) as [LoggedInRoute, number][]) {
    const budget = ROUTE_BUDGET[route].kb;
    if (kb > budget) errors.push(`${route} loads ${kb.toFixed(1)} KB gzip of JavaScript, over ${budget} KB`);
  }
  if (loginJsKb > BUDGET_KB.loginJs) {
    errors.push(`/login loads ${loginJsKb.toFixed(1)} KB gzip of JavaScript, over ${BUDGET_KB.loginJs} KB`);
  }
  if (cssKb > BUDGET_KB.firstLoadCss) {
    errors.push(`the first load has ${cssKb.toFixed(1)} KB gzip of CSS, over ${BUDGET_KB.firstLoadCss} KB`);
  }
  return errors;
}

/**
 * Prints the gzipped size of every initial chunk of each entry, their total, the JavaScript of the login route
 * (every entry + the `page-login` chunk group) and the CSS of the first load; fails a production build over budget.
 */
export class GzipSizePlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('GzipSizePlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification, while the assets' contents are still in memory.
        { name: 'GzipSizePlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => this.report(compilation, compiler.options.mode === 'production'),
      );
    });
  }

  private report(compilation: webpack.Compilation, production: boolean): void {
    const gzipKb = (file: string): number => {
      const asset = compilation.getAsset(file);
      if (!asset) return 0;
      return zlib.gzipSync(asset.source.buffer(), { level: 9 }).length / 1024;
    };
    const jsFiles = (chunks: Iterable<webpack.Chunk>): string[] =>
      [...chunks].flatMap((chunk) => [...chunk.files].filter((file) => file.endsWith('.js')));
    const lines: string[] = [];
    let entryFiles: string[] = [];
    for (const [entryName, entrypoint] of compilation.entrypoints) {
      let total = 0;
      for (const chunk of entrypoint.chunks) {
        const size = jsFiles([chunk]).reduce((sum, file) => sum + gzipKb(file), 0);
        total += size;
        lines.push(`initial chunk ${chunk.name ?? chunk.id}: ${size.toFixed(1)} KB gzip`);
      }
      lines.push(`entry ${entryName} total: ${total.toFixed(1)} KB gzip`);
      entryFiles = entryFiles.concat(jsFiles(entrypoint.chunks));
    }
    const cssKb = [...compilation.entrypoints.values()]
      .flatMap((entrypoint) => entrypoint.chunks.flatMap((chunk) => [...chunk.files]))
      .filter((file) => file.endsWith('.css'))
      .reduce((sum, file) => sum + gzipKb(file), 0);
    lines.push(`initial CSS: ${cssKb.toFixed(1)} KB gzip (budget ${BUDGET_KB.firstLoadCss} KB)`);
    let loginJsKb = 0;
    const loginGroup = compilation.namedChunkGroups.get('page-login');
    if (loginGroup) {
      const files = new Set([...entryFiles, ...jsFiles(loginGroup.chunks)]);
      loginJsKb = [...files].reduce((sum, file) => sum + gzipKb(file), 0);
      lines.push(`route /login JavaScript: ${loginJsKb.toFixed(1)} KB gzip (budget ${BUDGET_KB.loginJs} KB)`);
    }
    const routeJsKb: Partial<Record<LoggedInRoute, number>> = {};
    const groupFiles = (name: string): string[] => {
      const group = compilation.namedChunkGroups.get(name);
      return group ? jsFiles(group.chunks) : [];
    };
    const bootFiles = [...entryFiles, ...BOOT_GROUPS.flatMap(groupFiles)];
    for (const [route, { group }] of Object.entries(ROUTE_BUDGET) as [LoggedInRoute, { group: string }][]) {
      if (!compilation.namedChunkGroups.has(group)) continue;
      const files = new Set([...bootFiles, ...groupFiles(group)]);
      routeJsKb[route] = [...files].reduce((sum, file) => sum + gzipKb(file), 0);
      lines.push(
        `route ${route} JavaScript: ${routeJsKb[route].toFixed(1)} KB gzip (budget ${ROUTE_BUDGET[route].kb} KB)`,
      );
    }
    if (production) {
      for (const message of overBudget({ loginJsKb, cssKb, routeJsKb })) {
        compilation.errors.push(new webpack.WebpackError(message));
      }
    }
    console.log(lines.join('\n'));
  }
}
