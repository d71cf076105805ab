// tsd: checks the built declarations (package.json `types`/`exports`), positive
// cases with expectType and negative ones with expectError.
import { expectAssignable, expectError, expectNotAssignable, expectType } from 'tsd'
import { http, HttpHandler, HttpResponse, type PathParams, type StrictRequest } from 'mocklib'
import { setupServer, type SetupServerApi } from 'mocklib/node'

// Params from the path literal.
expectType<{ id: string }>({} as PathParams<'/posts/:id'>)
expectType<{ userId: string; postId?: string | undefined }>({} as PathParams<'/users/:userId/posts/:postId?'>)
expectType<{ id: string }>({} as PathParams<'http://localhost:3000/posts/:id'>)
expectType<Record<string, string>>({} as PathParams<string>)

expectType<HttpHandler>(
  http.get('/posts/:id', ({ params }) => {
    expectType<string>(params.id)
    return HttpResponse.json({ id: params.id })
  }),
)

// Explicit generics type the request and the response bodies.
http.post<{ id: string }, { title: string }, { id: string; title: string }>('/posts/:id', async ({ params, request }) => {
  expectType<StrictRequest<{ title: string }>>(request)
  expectType<{ title: string }>(await request.json())
  return HttpResponse.json({ id: params.id, title: 'x' })
})
expectError(http.get<{}, never, { id: string }>('/posts', () => HttpResponse.json({ id: 1 })))

// A resolver answers a Response or nothing.
expectError(http.get('/wrong', () => ({ id: 1 })))
expectError(http.get('/wrong', () => 'text'))
expectError(http.get(42, () => undefined))

// Responses carry their body type and are Responses.
// A declared body type is never inferred from the body (as msw 2's NoInfer);
// where none is declared the response keeps the body's shape (issue 24 item 6).
const ok = HttpResponse.json({ ok: true })
expectType<HttpResponse<{ ok: boolean }>>(ok)
expectNotAssignable<HttpResponse<{ ok: string }>>(ok)
expectType<HttpResponse<{ ok: boolean }>>(HttpResponse.json<{ ok: boolean }>({ ok: true }))
expectAssignable<Response>(HttpResponse.text('x'))
expectNotAssignable<HttpResponse<{ id: string }>>(HttpResponse.json({ id: 1 }))

// setupServer and boundary.
const server = setupServer(http.get('/x', () => undefined))
expectType<SetupServerApi>(server)
expectError(server.use([http.get('/x', () => undefined)]))
expectError(server.listen({ onUnhandledRequest: 'ignore' }))
expectType<(id: number) => Promise<string>>(server.boundary(async (id: number) => String(id)))
expectType<(a: string, b: boolean) => number>(server.boundary((a: string, b: boolean) => (b ? a.length : 0)))
