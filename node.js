// For resolvers that do not read package.json "exports" (Jest 27, webpack 4): 'mocklib/node'.
module.exports = require('./dist/node.cjs')
