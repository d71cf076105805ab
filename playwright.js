// For resolvers that do not read package.json "exports" (Jest 27, webpack 4): 'mocklib/playwright'.
module.exports = require('./dist/playwright.cjs')
