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
  { mechanism: "snapshot()'s nearest-entry diagnosis", gate: 'dsl/record/snapshot.ts', behind: ['dsl/record/nearest-entry.ts'] },
  { mechanism: 'GraphQL subscriptions', gate: 'dsl/graphql/subscription-handler.ts', behind: ['dsl/graphql/subscription-transports.ts', 'dsl/graphql/subscription-session.ts', 'dsl/graphql/graphql-ws-protocol.ts', 'dsl/graphql/subscription-sse.ts', 'dsl/graphql/subscription-stream.ts'] },
  { mechanism: "msw 2's handler methods (run, test, parse/predicate and run overrides)", gate: 'dsl/shared/msw-handler-protocol.ts', behind: ['dsl/shared/msw-handler-run.ts'] },
  { mechanism: 'GraphQL batch answering', gate: 'dsl/graphql/graphql-channel.ts', behind: ['dsl/graphql/graphql-batch.ts'] },
  { mechanism: 'answer checks (a contract)', gate: 'kernel/answer-checking-on-demand.ts', behind: ['kernel/answer-checking.ts', 'kernel/mocked-answer.ts'] },
  { mechanism: 'GraphQL request reading', gate: 'dsl/graphql/graphql-request-state.ts', behind: ['dsl/graphql/graphql-request-reading.ts', 'dsl/graphql/graphql-request-reader.ts', 'dsl/graphql/multipart-upload.ts', 'dsl/graphql/parse-operation.ts'] },
  { mechanism: "a GraphQL handler's matching and answering (and msw 2's parse/predicate/run), with the request reader", gate: 'dsl/graphql/graphql-request-state.ts', behind: ['dsl/graphql/graphql-request-reading.ts', 'dsl/graphql/graphql-handler-answering.ts', 'dsl/graphql/content-negotiation.ts'] },
  { mechanism: "a subscription handler's matching (SSE requests, graphql-ws connections)", gate: 'dsl/graphql/subscription-handler.ts', behind: ['dsl/graphql/subscription-transports.ts', 'dsl/graphql/subscription-matching.ts'] },
  { mechanism: 'the GraphQL channel keys of a request', gate: 'dsl/graphql/graphql-request-state.ts', behind: ['dsl/graphql/graphql-request-reading.ts', 'dsl/graphql/graphql-request-keys.ts'] },
  { mechanism: 'executeGraphQL() (and resolveWithSchema() answers)', gate: 'dsl/graphql/execute-graphql.ts', behind: ['dsl/graphql/graphql-execution.ts'] },
  { mechanism: "a mock's steps, answer and call record (mock.*)", gate: 'dsl/mock/mock-handler.ts', behind: ['dsl/mock/mock-answering.ts'] },
  { mechanism: "a WebSocket handler's connection (records, client and server ends, listener wrapping)", gate: 'dsl/ws/ws-channel.ts', behind: ['dsl/ws/take-connection.ts', 'dsl/ws/connection-log.ts', 'dsl/ws/listener-wrapper.ts', 'dsl/ws/propagation.ts'] },
  { mechanism: 'an sse() stream (its two ends, the resolver run)', gate: 'dsl/sse/sse.ts', behind: ['dsl/sse/stream-answering.ts'] },
  { mechanism: "reading the real stream of an sse() handler's server.connect()", gate: 'dsl/sse/forwarded-event-source.ts', behind: ['dsl/sse/real-stream-reading.ts'] },
  { mechanism: 'several listening servers asked in turn', gate: 'kernel/runtime-stack.ts', behind: ['kernel/runtime-chain.ts'] },
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

  // XHR: the interceptor (a dependency) is loaded by an import() of its own, started by the import in a DOM
  // environment so that it is in place by listen(); what answers an XHR (the row above) waits for the first one.
  it('the XMLHttpRequest source: its interceptor is loaded by import(), not up front', () => {
    expect(loadedUpFront).toContain('kernel/node/xhr/xhr-source.ts')
    expect(readFileSync(join(src, 'kernel/node/xhr/xhr-source.ts'), 'utf8')).toContain(`import('@mswjs/interceptors/XMLHttpRequest/web')`)
  })
})
