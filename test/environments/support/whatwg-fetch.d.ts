// whatwg-fetch ships no types: the exports the tests use, as the Fetch globals they stand in for.
declare module 'whatwg-fetch' {
  export const fetch: typeof globalThis.fetch
  export const Request: typeof globalThis.Request
  export const Headers: typeof globalThis.Headers
  export const Response: typeof globalThis.Response
}
