import path from 'node:path'
import { defineConfig, type UserConfigExport } from '@tarojs/cli'
import { createSwcRegister } from '@tarojs/helper'
import TsconfigPathsPlugin from 'tsconfig-paths-webpack-plugin'
import { H5AssetsPlugin } from './h5Assets'
import MiniCssExtractPlugin from 'mini-css-extract-plugin'
import webpack from 'webpack'
import devConfig from './dev'
import prodConfig from './prod'

// Taro compiles only config/ when it loads this file; the route table lives with the client in src/.
const routeTable = path.join(__dirname, '..', 'src', 'routes.ts')
createSwcRegister({ only: [(file: string) => file === routeTable] })
const { customRoutes } = require(routeTable) as typeof import('../src/routes')

/**
 * A mini-program has no site of its own: every request and every `/uploads/…` picture goes to API_BASE,
 * so a mini build without an absolute one would make an app that loads nothing. Refuse it here.
 */
function apiBase(target: string | undefined): string {
  const base = (process.env.API_BASE ?? '').replace(/\/+$/, '')
  if (target && target !== 'h5' && !/^https?:\/\/[^/\s]+$/.test(base)) {
    throw new Error(
      `小程序构建需要 API_BASE 为服务器的绝对地址，例如 API_BASE=https://api.example.com npm run build:${target}` +
        `（当前：${JSON.stringify(process.env.API_BASE ?? '')}）。A mini-program build needs an absolute API_BASE.`,
    )
  }
  return base
}

export default defineConfig<'webpack5'>(async (merge) => {
  const baseConfig: UserConfigExport<'webpack5'> = {
    projectName: 'haoanxin',
    date: '2026-11-22',
    designWidth: 750,
    deviceRatio: { 640: 2.34 / 2, 750: 1, 375: 2, 828: 1.81 / 2 },
    sourceRoot: 'src',
    outputRoot: `dist/${process.env.TARO_ENV}`,
    plugins: ['@tarojs/plugin-platform-alipay', '@tarojs/plugin-platform-qq'],
    defineConstants: {
      API_BASE: JSON.stringify(apiBase(process.env.TARO_ENV)),
    },
    framework: 'react',
    compiler: 'webpack5',
    cache: { enable: process.env.TARO_BUILD_CACHE === '1' },
    mini: {
      postcss: { pxtransform: { enable: true, config: {} } },
      // Pages import shared components in different orders; CSS modules here never depend on that order.
      miniCssExtractPluginOption: { ignoreOrder: true },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
      },
    },
    h5: {
      publicPath: '/',
      staticDirectory: 'static',
      output: { filename: 'js/[name].[contenthash:8].js', chunkFilename: 'js/[name].[contenthash:8].js' },
      // Never set router.basename to '/': the router then matches nothing and the page stays blank.
      router: { mode: 'browser', customRoutes },
      // Taro's React components for H5 (@tarojs/components-react) instead of its Stencil web components:
      // View, Text, Image, Input, ScrollView, Swiper… become plain React elements, and the Stencil runtime
      // (~45 KB gzipped) leaves the first load. Components it lacks (Textarea, RichText, Checkbox…) are still
      // the web components, loaded by the pages that use them. bench/RESULTS.md has the measured sizes.
      useHtmlComponents: true,
      miniCssExtractPluginOption: {
        ignoreOrder: true,
        filename: 'css/[name].[contenthash:8].css',
        chunkFilename: 'css/[name].[contenthash:8].css',
      },
      postcss: {
        autoprefixer: { enable: true, config: {} },
        // 750 design px = 10 rem = the full width: the root font size is min(width, 540) / 10 (src/viewport.h5.ts).
        pxtransform: { enable: true, config: { baseFontSize: 37.5 } },
      },
      webpackChain(chain) {
        chain.resolve.plugin('tsconfig-paths').use(TsconfigPathsPlugin)
        // Bundle sizes (bench/web). The H5's carousels are its own (src/components/Carousel); Taro's swiper is
        // left in Taro.previewImage's chunk, and imports `swiper/bundle`, all of Swiper's modules, where it
        // needs the core, Autoplay and Pagination (config/swiper.mjs): ~20 KB gzipped less. Taro's request
        // also imports fetch and AbortController polyfills that every browser we build for (browserslist:
        // es6 modules) has (~4 KB).
        chain.plugin('h5-assets').use(H5AssetsPlugin)
        // Taro's own component styles go into the first chunk's stylesheet, ahead of the app's (its CSS links come
        // first), instead of being injected by script at start: home's first-load JS 123.6 → 114.9 KB gzipped, and no
        // style insertions in the first task (bench/web).
        chain.module.rule('taroStyle').uses.clear()
        chain.module.rule('taroStyle').use('extract').loader(MiniCssExtractPlugin.loader)
        chain
          .plugin('swiper-modules')
          .use(webpack.NormalModuleReplacementPlugin, [/^swiper\/bundle$/, path.join(__dirname, 'swiper.mjs')])
        chain
          .plugin('no-polyfills')
          .use(webpack.NormalModuleReplacementPlugin, [
            /^(whatwg-fetch|abortcontroller-polyfill\/dist\/abortcontroller-polyfill-only)$/,
            'data:text/javascript,',
          ])
        // …and JSONP (jsonp-retry, ~2 KB), which no call here asks for.
        chain
          .plugin('no-jsonp')
          .use(webpack.NormalModuleReplacementPlugin, [
            /^jsonp-retry$/,
            "data:text/javascript,export default () => Promise.reject(new Error('jsonp'))",
          ])
        // Taro splits only initial chunks, so every page chunk carried its own copy of the shells and
        // components; what two or more pages use goes to shared async chunks, one per set of pages using it
        // (not one named chunk: home then loaded every other page's shared forms and lists too).
        const splitChunks = chain.optimization.get('splitChunks')
        chain.optimization.splitChunks({
          ...splitChunks,
          cacheGroups: {
            ...splitChunks.cacheGroups,
            pages: { chunks: 'async', minChunks: 2, minSize: 20_000, priority: 5, reuseExistingChunk: true },
          },
        })
      },
    },
  }
  return process.env.NODE_ENV === 'development' ? merge({}, baseConfig, devConfig) : merge({}, baseConfig, prodConfig)
})
