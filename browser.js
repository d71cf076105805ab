// For resolvers that do not read package.json "exports" (Jest 27, webpack 4): 'mocklib/browser'.
module.exports = require('./dist/browser.cjs')
