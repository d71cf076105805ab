// babel-jest as its docs set it up for TypeScript: preset-env for the current Node, preset-typescript.
module.exports = {
  presets: [['@babel/preset-env', { targets: { node: 'current' } }], '@babel/preset-typescript'],
}
