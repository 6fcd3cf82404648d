// How jest compiles what runs in Node (the server suite, and the browser suite's own code, which imports the
// server's): TypeScript by Babel, without the client's Taro preset (the root babel.config.js). These dependencies
// ship only ES modules: Node 20.19+ loads them through require(esm), jest's module sandbox cannot, so they are
// compiled to CommonJS like our own files.
module.exports = {
  transformIgnorePatterns: ['/node_modules/(?!(typebox|content-disposition|cookie|@scure|@noble)/)'],
  transform: {
    '^.+\\.(ts|mjs|js)$': [
      'babel-jest',
      {
        configFile: false,
        babelrc: false,
        presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'],
      },
    ],
  },
}
