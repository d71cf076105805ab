// jsdom with GitHub's whatwg-fetch polyfill (an XMLHttpRequest-based fetch), as
// Create React App projects had it, plus the stream and text classes msw needs.
require('./web-classes.cjs')
require('whatwg-fetch')
