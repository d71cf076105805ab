// jsdom with cross-fetch's polyfill (node-fetch 2 in Node), plus the stream and
// text classes msw needs.
require('./web-classes.cjs')
require('cross-fetch/polyfill')
