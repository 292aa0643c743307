import path from 'node:path';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import MiniCssExtractPlugin from 'mini-css-extract-plugin';
import CssMinimizerPlugin from 'css-minimizer-webpack-plugin';
import webpack from 'webpack';
import 'webpack-dev-server';

/**
 * The SPA build. The cookie encryption key comes from build configuration (SIAPTES_COOKIE_KEY), with a
 * development default so that `npm start` runs as it is.
 */
export default (_env: unknown, argv: { mode?: 'production' | 'development' }): webpack.Configuration => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: { main: './src/client/index.tsx' },
    output: {
      path: path.resolve(__dirname, 'dist/public'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      publicPath: '/',
      clean: true,
    },
    devtool: production ? false : 'eval-cheap-module-source-map',
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'ts-loader',
            // ES modules out of TypeScript so webpack can tree-shake and split; types are `npm run typecheck`.
            options: { transpileOnly: true, compilerOptions: { module: 'esnext', moduleResolution: 'bundler' } },
          },
        },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(png|svg|jpe?g|woff2?)$/, type: 'asset' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      new webpack.DefinePlugin({
        'process.env.SIAPTES_COOKIE_KEY': JSON.stringify(process.env.SIAPTES_COOKIE_KEY ?? 'siaptes-dev-cookie-key'),
      }),
    ],
    optimization: { minimizer: ['...', new CssMinimizerPlugin()], splitChunks: { chunks: 'all' } },
    performance: { hints: false },
    devServer: {
      port: 8080,
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: 'http://localhost:3000' }],
    },
  };
};
