import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import webpack from 'webpack';
import 'webpack-dev-server';
import { GenerateSW } from 'workbox-webpack-plugin';
import { GzipSizePlugin } from './src/build/budget';

const PUBLIC_DIR = path.resolve(__dirname, 'public');
/** Bootstrap's style sheets, wherever node_modules really is (a worktree's may be a link). */
const BOOTSTRAP_CSS = /[\\/]node_modules[\\/]bootstrap[\\/]dist[\\/]css[\\/]/;
/** Files of public/ that other plugins emit (the HTML template and the favicon). */
const PUBLIC_HANDLED_ELSEWHERE = new Set(['index.html', 'favicon.svg']);

/** Copies the other files of public/ (logo, instruction page, ...) to the output as they are. */
class CopyPublicPlugin {
  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('CopyPublicPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'CopyPublicPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const walk = (dir: string): string[] =>
            fs
              .readdirSync(dir, { withFileTypes: true })
              .flatMap((entry) =>
                entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
              );
          for (const file of walk(PUBLIC_DIR)) {
            const name = path.relative(PUBLIC_DIR, file).split(path.sep).join('/');
            if (PUBLIC_HANDLED_ELSEWHERE.has(name)) continue;
            compilation.fileDependencies.add(file);
            compilation.emitAsset(name, new webpack.sources.RawSource(fs.readFileSync(file)));
          }
        },
      );
    });
  }
}

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text asset worth compressing, so the server sends
 * them as they are (@fastify/static `preCompressed`) instead of compressing on every request of an event's login
 * wave. A copy that is not smaller than the original is left out.
 */
class PrecompressPlugin {
  private static readonly COMPRESSIBLE = /\.(js|css|html|svg|json|txt|map)$/;
  private static readonly MIN_BYTES = 1024;

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        // After minification and after the HTML is emitted.
        { name: 'PrecompressPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_TRANSFER },
        (assets) => {
          for (const name of Object.keys(assets)) {
            if (!PrecompressPlugin.COMPRESSIBLE.test(name)) continue;
            const original = compilation.getAsset(name);
            if (!original) continue;
            const content = original.source.buffer();
            if (content.length < PrecompressPlugin.MIN_BYTES) continue;
            const copies: [string, Buffer][] = [
              [
                `${name}.br`,
                zlib.brotliCompressSync(content, {
                  params: {
                    [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
                    [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
                  },
                }),
              ],
              [`${name}.gz`, zlib.gzipSync(content, { level: 9 })],
            ];
            for (const [file, compressed] of copies) {
              if (compressed.length >= content.length) continue;
              compilation.emitAsset(file, new webpack.sources.RawSource(compressed), {
                ...original.info,
                // A derived copy, not a new asset to minify or report.
                minimized: true,
                related: undefined,
              });
            }
          }
        },
      );
    });
  }
}

/**
 * The key with which the SPA obscures its cookies: SIAPTES_COOKIE_KEY, or else a random one per build (never a
 * fixed default). It ships in the bundle, so it only obscures; a new build logs students out of the old one.
 */
const COOKIE_KEY = process.env.SIAPTES_COOKIE_KEY?.trim() || crypto.randomBytes(32).toString('base64url');

/** The build's version in a problem report: package.json's, and the commit when built from a git checkout. */
function buildVersion(): string {
  const { version } = JSON.parse(fs.readFileSync(path.resolve(__dirname, 'package.json'), 'utf8')) as {
    version: string;
  };
  try {
    const head = fs.readFileSync(path.resolve(__dirname, '.git/HEAD'), 'utf8').trim();
    const ref = head.startsWith('ref: ') ? head.slice(5) : null;
    const commit = ref ? fs.readFileSync(path.resolve(__dirname, '.git', ref), 'utf8').trim() : head;
    return `${version}+${commit.slice(0, 7)}`;
  } catch {
    // Not a checkout (a tarball), or a packed ref: the version alone.
    return version;
  }
}

/**
 * The service worker of the production build (`sw.js`, registered by app/serviceWorker.ts): the app shell is
 * precached so a reload of a running sheet works offline, and it never stands in for a deployed version.
 * - Navigations go to the network first (the server's index.html names the current build); only when the network
 *   fails (or takes over 4 s) does the page come from the cache, else from the precached index.html. So a reload
 *   online always gets the deployed app; the precache never answers a navigation itself (no directory index).
 * - Every other precached file has its content hash in its name; nothing else is cached, no API answer at all (the
 *   running tryout's revealed questions and unsent answers live in the persisted store, README "Offline").
 * - A new build's worker takes over at once (skipWaiting, clientsClaim); the page then offers to reload.
 */
function serviceWorker(): GenerateSW {
  return new GenerateSW({
    swDest: 'sw.js',
    inlineWorkboxRuntime: true,
    mode: 'production',
    sourcemap: false,
    skipWaiting: true,
    clientsClaim: true,
    cleanupOutdatedCaches: true,
    cacheId: 'siaptes',
    directoryIndex: null,
    // The precompressed copies are the server's business; KaTeX's older font formats are never used by Chromium,
    // Firefox or Safari (woff2 is listed first); the instruction page is opened online only.
    exclude: [/\.(br|gz|map|txt)$/, /\.(woff|ttf)$/, /^petunjuk-to\.html$/],
    dontCacheBustURLsMatching: /\.[0-9a-f]{10}\./,
    maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
    runtimeCaching: [
      {
        urlPattern: ({ request, url }) =>
          request.mode === 'navigate' &&
          !url.pathname.startsWith('/api/') &&
          !url.pathname.startsWith('/konten/'),
        handler: 'NetworkFirst',
        options: {
          cacheName: 'siaptes-halaman',
          networkTimeoutSeconds: 4,
          expiration: { maxEntries: 10 },
          precacheFallback: { fallbackURL: '/index.html' },
        },
      },
    ],
  });
}

/** react-router's production build in place of the development one its package exports name. */
function reactRouterProduction(): Record<string, string> {
  const dist = path.resolve(__dirname, 'node_modules/react-router/dist/production');
  return {
    'react-router$': path.join(dist, 'index.mjs'),
    'react-router/dom$': path.join(dist, 'dom-export.mjs'),
  };
}

/** The SPA build. */
export default (_env: unknown, argv: { mode?: 'production' | 'development' }): webpack.Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    // The login page's small script first (features/auth/loginShell.ts): index.html's static copy of the page shows
    // on /login while the app is still loading.
    entry: { 'login-shell': './src/client/loginShell.ts', main: './src/client/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/public'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      // Lazy chunks by number in production: the entry's table of their file names stays short (the build's report
      // still names them).
      chunkFilename: production ? 'assets/[id].[contenthash:10].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // sweetalert2's default build injects its CSS as an inline <style>, which the CSP refuses; this one does not
      // (components/dialogs.ts loads the style sheet as a file).
      alias: {
        sweetalert2$: path.resolve(__dirname, 'node_modules/sweetalert2/dist/sweetalert2.esm.js'),
        // react-router 7's package exports name only its development build (remix-run/react-router#12532, its dev
        // warnings on): the production one it ships beside it, for a production build.
        ...(production ? reactRouterProduction() : {}),
      },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            // ES modules out of TypeScript so webpack can tree-shake and split; types are `npm run typecheck`.
            options: {
              transpileOnly: true,
              compilerOptions: { module: 'esnext', moduleResolution: 'bundler' },
            },
          },
        },
        // react-router's unused components left out (src/build/pureComponents.ts).
        {
          test: /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/].*\.mjs$/,
          use: path.resolve(__dirname, 'src/build/pureComponents.ts'),
        },
        // Bootstrap's sheet holds only the rules of the classes the SPA can use (src/build/bootstrapPurgeLoader.ts).
        {
          test: /\.css$/,
          include: BOOTSTRAP_CSS,
          use: [
            MiniCssExtractPlugin.loader,
            'css-loader',
            {
              loader: path.resolve(__dirname, 'src/build/bootstrapPurgeLoader.ts'),
              options: { clientDir: path.resolve(__dirname, 'src/client') },
            },
          ],
        },
        {
          test: /\.css$/,
          exclude: BOOTSTRAP_CSS,
          use: [MiniCssExtractPlugin.loader, 'css-loader'],
        },
        // KaTeX's fonts (katex.css, for the typeset math of questions): files of their own, cached by their hash.
        {
          test: /\.(woff2?|ttf)$/,
          type: 'asset/resource',
          generator: { filename: 'assets/[name].[contenthash:10][ext]' },
        },
        { test: /\.(png|svg|jpe?g)$/, type: 'asset' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({
        template: './public/index.html',
        favicon: './public/favicon.svg',
        // Rendered when the page is built (React and the login page are loaded only then, not with this file).
        templateParameters: async () => ({
          loginShell: (await import('./src/build/loginShell')).loginShellHtml(),
        }),
      }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[id].[contenthash:10].css' : 'assets/[name].css',
      }),
      new webpack.DefinePlugin({
        'process.env.SIAPTES_COOKIE_KEY': JSON.stringify(COOKIE_KEY),
        'process.env.SIAPTES_VERSI': JSON.stringify(buildVersion()),
      }),
      new CopyPublicPlugin(),
      new GzipSizePlugin(),
      ...(production ? [serviceWorker(), new PrecompressPlugin()] : []),
    ],
    optimization: {
      minimizer: ['...', new CssMinimizerPlugin()],
      // The login page's small script stays one file, without webpack's chunk loading.
      splitChunks: { chunks: (chunk) => chunk.name !== 'login-shell' },
    },
    performance: { hints: false },
    devServer: {
      port: 8080,
      historyApiFallback: true,
      proxy: [{ context: ['/api', '/konten'], target: 'http://localhost:3000' }],
    },
  };
};
