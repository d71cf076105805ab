// Jest 27's node environment predates Node 18: its test global has no fetch,
// no Fetch classes, no streams, no MessageEvent (msw 2.15 cannot load without
// it). Jest 27 projects on msw 2 give it Node's own, as this environment does:
// what jest-environment-node copies by itself from Jest 28 on.
const NodeEnvironment = require('jest-environment-node')

const WEB_GLOBALS = [
  'fetch', 'Request', 'Response', 'Headers', 'FormData', 'Blob', 'File',
  'ReadableStream', 'WritableStream', 'TransformStream', 'TextEncoderStream', 'TextDecoderStream',
  'Event', 'EventTarget', 'MessageEvent', 'MessageChannel', 'MessagePort', 'BroadcastChannel',
  'structuredClone', 'WebSocket', 'CloseEvent', 'CustomEvent', 'DOMException', 'crypto',
]

class NodeEnvironmentWithWebGlobals extends NodeEnvironment {
  constructor(config, context) {
    super(config, context)
    for (const name of WEB_GLOBALS) {
      if (this.global[name] === undefined && globalThis[name] !== undefined) this.global[name] = globalThis[name]
    }
  }
}

module.exports = NodeEnvironmentWithWebGlobals
