/**
 * The phone's size budget, which the production build holds (README "Performance"): what /login loads of
 * JavaScript, and the CSS of the first load, gzip. The build prints every initial chunk and fails above either.
 */
import zlib from 'node:zlib';
import webpack from 'webpack';

/** KB (1,024 bytes) of gzip. */
const BUDGET_KB = { loginJs: 100, firstLoadCss: 20 } as const;

/** The gzip KB the page loads (the route's JavaScript, the first load's CSS). */
interface LoadedKb {
  loginJsKb: number;
  cssKb: number;
}

/** What is over budget, as the build's error messages; none when all is within. */
export function overBudget({ loginJsKb, cssKb }: LoadedKb): string[] {
  const errors: string[] = [];
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
    if (production) {
      for (const message of overBudget({ loginJsKb, cssKb })) {
        compilation.errors.push(new webpack.WebpackError(message));
      }
    }
    console.log(lines.join('\n'));
  }
}
