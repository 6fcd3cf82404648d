// Taro's preset for the client build. Jest uses its own transformers (tests/*/transformer.js).
module.exports = {
  presets: [['taro', { framework: 'react', ts: true, compiler: 'webpack5' }]],
}
