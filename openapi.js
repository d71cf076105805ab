// For resolvers that do not read package.json "exports" (Jest 27, webpack 4): 'mocklib/openapi'.
module.exports = require('./dist/openapi.cjs')
