// jsdom with GitHub's whatwg-fetch polyfill (an XMLHttpRequest-based fetch), as
// Create React App projects had it, plus the stream and text classes msw needs.
const { TextDecoder, TextEncoder } = require('node:util')
const { ReadableStream, TransformStream, WritableStream } = require('node:stream/web')
const { BroadcastChannel } = require('node:worker_threads')

Object.defineProperties(globalThis, {
  TextDecoder: { value: TextDecoder },
  TextEncoder: { value: TextEncoder },
  ReadableStream: { value: ReadableStream },
  TransformStream: { value: TransformStream },
  WritableStream: { value: WritableStream },
  BroadcastChannel: { value: BroadcastChannel },
})
require('whatwg-fetch')
