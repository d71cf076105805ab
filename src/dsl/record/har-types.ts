// HAR 1.2 (HTTP Archive): http://www.softwareishard.com/blog/har-12-spec/. Custom fields start with `_`, as it allows.

export interface HarNameValue {
  name: string
  value: string
  comment?: string
}

export interface HarCookie {
  name: string
  value: string
  path?: string
  domain?: string
  expires?: string
  httpOnly?: boolean
  secure?: boolean
  comment?: string
}

/** The body of a request. `_encoding: 'base64'` marks a binary body mocklib encoded. */
export interface HarPostData {
  mimeType: string
  text?: string
  params?: Array<{ name: string; value?: string; fileName?: string; contentType?: string }>
  comment?: string
  _encoding?: 'base64'
}

export interface HarRequest {
  method: string
  url: string
  httpVersion: string
  cookies: HarCookie[]
  headers: HarNameValue[]
  queryString: HarNameValue[]
  postData?: HarPostData
  headersSize: number
  bodySize: number
  comment?: string
}

/** The body of a response: text, or base64 with `encoding: 'base64'`. */
export interface HarContent {
  size: number
  compression?: number
  mimeType: string
  text?: string
  encoding?: string
  comment?: string
}

export interface HarResponse {
  status: number
  statusText: string
  httpVersion: string
  cookies: HarCookie[]
  headers: HarNameValue[]
  content: HarContent
  redirectURL: string
  headersSize: number
  bodySize: number
  comment?: string
  /** Set by mocklib when the request failed with a network error (status 0). */
  _error?: string
}

export interface HarTimings {
  blocked?: number
  dns?: number
  connect?: number
  send: number
  wait: number
  receive: number
  ssl?: number
  comment?: string
}

/**
 * One request of a HAR with its response and timings.
 *
 * @example
 * const urls = har.log.entries.map((entry: HarEntry) => `${entry.request.method} ${entry.request.url}`)
 */
export interface HarEntry {
  pageref?: string
  startedDateTime: string
  time: number
  request: HarRequest
  response: HarResponse
  cache: Record<string, unknown>
  timings: HarTimings
  serverIPAddress?: string
  connection?: string
  comment?: string
  /** How mocklib saw the exchange: 'mocked', 'passthrough', 'bypass' or 'unhandled'. */
  _outcome?: string
}

export interface HarCreator {
  name: string
  version: string
  comment?: string
}

export interface HarPage {
  startedDateTime: string
  id: string
  title: string
  pageTimings: { onContentLoad?: number; onLoad?: number; comment?: string }
  comment?: string
}

export interface HarLog {
  version: string
  creator: HarCreator
  browser?: HarCreator
  pages?: HarPage[]
  entries: HarEntry[]
  comment?: string
}

/**
 * A HAR 1.2 document.
 *
 * @example
 * const har: Har = JSON.parse(await readFile('recording.har', 'utf8'))
 * server.use(...fromHar(har))
 */
export interface Har {
  log: HarLog
}
