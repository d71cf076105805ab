// For resolvers that do not read package.json "exports" (Jest 27, webpack 4): 'mocklib/server'.
module.exports = require('./dist/server.cjs')
