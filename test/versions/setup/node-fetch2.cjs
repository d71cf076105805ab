// node-fetch 2 stubbed as the global fetch (and its classes), as projects did
// before Node had fetch.
const nodeFetch = require('node-fetch')

globalThis.fetch = nodeFetch
globalThis.Headers = nodeFetch.Headers
globalThis.Request = nodeFetch.Request
globalThis.Response = nodeFetch.Response
