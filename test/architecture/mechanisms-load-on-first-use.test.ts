// Issue 23 item 6: each interception mechanism's code is loaded by the first call that reaches it.
// What `import 'mocklib'` and `import 'mocklib/node'` evaluate is their static import graph (value
// imports and re-exports; `import type` and `import()` excluded): the modules behind each gate must
// not be in it, and each gate must reach its module with a plain `import()` that bundlers follow.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { src, staticGraph } from './static-graph.js'

const gates = [
  { mechanism: 'the ClientRequest layer', gate: 'kernel/node/client-request/client-request-adapter.ts', behind: ['kernel/node/client-request/client-request-exchange.ts', 'kernel/node/client-request/mock-socket.ts', 'kernel/node/client-request/response-writer.ts'] },
  { mechanism: 'the socket layer', gate: 'kernel/node/socket/socket-layer-on-demand.ts', behind: ['kernel/node/socket/socket-adapter.ts'] },
  // A WebSocket handshake made with fetch is offered by the same end (MockSocketClient#offerHandshake).
  { mechanism: "a global WebSocket's ends", gate: 'kernel/node/websocket/websocket-mock-socket.ts', behind: ['kernel/node/websocket/websocket-socket-client.ts', 'kernel/node/websocket/websocket-bridge-ends.ts'] },
  { mechanism: 'the `ws` upgrade bridge', gate: 'kernel/node/websocket/websocket-upgrade.ts', behind: ['kernel/node/websocket/websocket-upgrade-bridge.ts', 'kernel/node/websocket/websocket-bridged-client.ts', 'kernel/node/websocket/websocket-frames.ts'] },
  { mechanism: 'XHR answering', gate: 'kernel/node/xhr/xhr-source.ts', behind: ['kernel/node/xhr/xhr-answering.ts'] },
  { mechanism: 'answer checks (a contract)', gate: 'kernel/http-flow.ts', behind: ['kernel/answer-check.ts'] },
  { mechanism: 'GraphQL subscriptions over SSE', gate: 'dsl/graphql/subscription-handler.ts', behind: ['dsl/graphql/subscription-sse.ts'] },
  { mechanism: 'GraphQL subscriptions over graphql-ws', gate: 'dsl/graphql/subscription-handler.ts', behind: ['dsl/graphql/graphql-ws-protocol.ts'] },
  { mechanism: "a WebSocket handler's connection (records, client and server ends, listener wrapping)", gate: 'dsl/ws/websocket-handler.ts', behind: ['dsl/ws/take-connection.ts'] },
  { mechanism: 'a Bun or Deno fetch call as the handlers see it (redirects, decoding, abort)', gate: 'kernel/web-runtimes/fetch-source.ts', behind: ['kernel/web-runtimes/web-fetch-exchange.ts'] },
] as const

describe('each mechanism loads on first use', () => {
  const loadedUpFront = new Set([...staticGraph('api/index.ts').files, ...staticGraph('api/node.ts').files])

  for (const { mechanism, gate, behind } of gates) {
    it(`${mechanism}: its gate is loaded up front, the code behind it is not`, () => {
      expect(loadedUpFront).toContain(gate)
      expect(behind.filter((file) => loadedUpFront.has(file))).toEqual([])
      const lazyModule = behind[0].split('/').pop()!.replace(/\.ts$/, '.js')
      expect(readFileSync(join(src, gate), 'utf8')).toContain(`import('./${lazyModule}')`)
    })
  }

  // GraphQL handlers, their request reader and the batch splitter load with mocklib; the optional peer does not.
  it('the `graphql` package: loaded by import(), not up front', () => {
    const packages = new Set([...staticGraph('api/index.ts').packages, ...staticGraph('api/node.ts').packages])
    expect([...packages].filter((name) => name === 'graphql' || name.startsWith('graphql/'))).toEqual([])
    expect(readFileSync(join(src, 'dsl/graphql/graphql-module.ts'), 'utf8')).toContain(`import('graphql')`)
  })

  // XHR: the interceptor (a dependency) is loaded by an import() of its own, started by the import in a DOM
  // environment so that it is in place by listen(); what answers an XHR (the row above) waits for the first one.
  it('the XMLHttpRequest source: its interceptor is loaded by import(), not up front', () => {
    expect(loadedUpFront).toContain('kernel/node/xhr/xhr-source.ts')
    expect(readFileSync(join(src, 'kernel/node/xhr/xhr-source.ts'), 'utf8')).toContain(`import('@mswjs/interceptors/XMLHttpRequest/web')`)
  })
})
