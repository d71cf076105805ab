// What projects using Apollo or undici put in a Jest jsdom setup file: undici's
// fetch and Fetch classes on the test's global (jsdom has none), with the Node
// globals undici needs to load there.
import { Blob, File } from 'node:buffer'
import { ReadableStream, TransformStream, WritableStream } from 'node:stream/web'
import { TextDecoder, TextEncoder } from 'node:util'
import { BroadcastChannel, MessageChannel, MessagePort } from 'node:worker_threads'

// With Node's Blob and File: undici checks bodies and form files against the globals
// of those names as it loads, and cannot read jsdom 26's (no stream()).
Object.assign(globalThis, { TextDecoder, TextEncoder, ReadableStream, TransformStream, WritableStream, MessageChannel, MessagePort, BroadcastChannel, Blob, File })
// Loaded after the globals it needs: an import would be hoisted above them.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const undici = require('undici') as typeof import('undici')
Object.assign(globalThis, { fetch: undici.fetch, Request: undici.Request, Response: undici.Response, Headers: undici.Headers, FormData: undici.FormData })
