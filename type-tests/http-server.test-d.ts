// setupServer typing: handler management, listen options, events, and boundary
// forwarding the callback's parameters and return type.
import { expectTypeOf } from 'expect-type'
import { bypass, delay, getResponse, http, HttpResponse, type Handler, type UnhandledRequestPrint } from 'mocklib'
import { setupServer, type SetupServerApi } from 'mocklib/node'

const handler = http.get('/posts', () => HttpResponse.json([]))
const server = setupServer(handler, http.post('/posts', () => undefined))
expectTypeOf(server).toEqualTypeOf<SetupServerApi>()
setupServer()

// --- Handler management ------------------------------------------------------

server.use(handler)
server.use(handler, handler)
server.resetHandlers()
server.resetHandlers(handler)
server.restoreHandlers()
expectTypeOf(server.listHandlers()).toEqualTypeOf<readonly Handler[]>()

// @ts-expect-error handlers are spread, not passed as an array
server.use([handler])
// @ts-expect-error handlers are spread, not passed as an array
setupServer([handler])
// @ts-expect-error a resolver is not a handler
server.use(() => HttpResponse.text('x'))
// @ts-expect-error the snapshot is read-only
server.listHandlers().push(handler)

// --- listen / close ------------------------------------------------------------

server.listen()
server.listen({ onUnhandledRequest: 'error' })
server.listen({ onUnhandledRequest: 'warn' })
server.listen({ onUnhandledRequest: 'bypass' })
server.listen({
  onUnhandledRequest(request, print) {
    expectTypeOf(request).toEqualTypeOf<Request>()
    expectTypeOf(print).toEqualTypeOf<UnhandledRequestPrint>()
    print.warning()
    print.error()
  },
})
// @ts-expect-error not a known strategy
server.listen({ onUnhandledRequest: 'ignore' })
expectTypeOf(server.close()).toEqualTypeOf<void>()

// --- Events ---------------------------------------------------------------------

server.events.on('request:start', ({ request, requestId }) => {
  expectTypeOf(request).toEqualTypeOf<Request>()
  expectTypeOf(requestId).toEqualTypeOf<string>()
})
server.events.on('response:mocked', ({ response }) => {
  expectTypeOf(response).toEqualTypeOf<Response>()
})
server.events.on('unhandledException', ({ error }) => {
  expectTypeOf(error).toEqualTypeOf<Error>()
})
// @ts-expect-error no such event
server.events.on('request:done', () => {})
// @ts-expect-error request:start carries no response
server.events.on('request:start', ({ response }) => response)
server.events.removeAllListeners()
server.events.removeAllListeners('request:end')

// --- boundary forwards parameters and the return type ------------------------------

const sync = server.boundary((id: number, label: string) => `${label}:${id}`)
expectTypeOf(sync).toEqualTypeOf<(id: number, label: string) => string>()
expectTypeOf(sync(1, 'a')).toEqualTypeOf<string>()
// @ts-expect-error the first parameter is a number
sync('1', 'a')
// @ts-expect-error both parameters are required
sync(1)

const asyncBoundary = server.boundary(async (post: { id: string }) => post.id.length)
expectTypeOf(asyncBoundary).parameters.toEqualTypeOf<[post: { id: string }]>()
expectTypeOf(asyncBoundary).returns.toEqualTypeOf<Promise<number>>()

const noArgs = server.boundary(() => {})
expectTypeOf(noArgs).toEqualTypeOf<() => void>()

const optional = server.boundary((first: string, second?: number) => [first, second] as const)
expectTypeOf(optional).parameters.toEqualTypeOf<[first: string, second?: number | undefined]>()
expectTypeOf(optional('x')).toEqualTypeOf<readonly [string, number | undefined]>()

// A test body in the style of `it(name, server.boundary(async () => { ... }))`.
declare function it(name: string, body: () => Promise<void>): void
it(
  'uses a boundary',
  server.boundary(async () => {
    server.use(http.get('/user', () => new HttpResponse(null, { status: 401 })))
  }),
)

// --- Helpers ----------------------------------------------------------------------

expectTypeOf(bypass('https://x.test')).toEqualTypeOf<Request>()
expectTypeOf(bypass(new Request('https://x.test'), { method: 'POST' })).toEqualTypeOf<Request>()
expectTypeOf(delay()).toEqualTypeOf<Promise<void>>()
delay(100)
delay('real')
delay('infinite')
// @ts-expect-error only milliseconds, 'real' or 'infinite'
delay('soon')
expectTypeOf(getResponse([handler], new Request('https://x.test/posts'))).toEqualTypeOf<Promise<Response | undefined>>()
