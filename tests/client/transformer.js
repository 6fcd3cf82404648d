// babel-preset-taro alone (automatic JSX runtime, commonjs under NODE_ENV=test); the api-loader step attaches
// the React hooks to the mocked @tarojs/taro as the real build does.
const babelJest = require('babel-jest')
const apiLoader = require('@tarojs/plugin-framework-react/dist/api-loader.js')

const transformer = (babelJest.default || babelJest).createTransformer({
  babelrc: false,
  configFile: false,
  presets: [['babel-preset-taro', { framework: 'react', ts: true, hot: false }]],
})
const process = transformer.process.bind(transformer)
transformer.process = (src, file, options) =>
  process(file.includes('test-utils-react/dist/jest/runtime/taro-h5.js') ? apiLoader(src) : src, file, options)
module.exports = transformer
