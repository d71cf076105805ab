// A Node consumer of the published types: compiled by test/packaging/consumer-matrix.test.ts
// for every moduleResolution, as CommonJS and as an ES module, with and without the
// DOM lib, skipLibCheck off. Copied there as .ts, .cts or .mts.
import { bypass, graphql, http, HttpResponse, passthrough } from 'mocklib'
import { setupServer } from 'mocklib/node'

const server = setupServer(
  http.get('https://api.example.test/posts/:id', ({ params }) => HttpResponse.json({ id: params.id })),
  http.post('https://api.example.test/echo', async ({ request }) => new HttpResponse(await request.text(), { status: 201 })),
  http.get('https://api.example.test/real', async ({ request }) => (await fetch(bypass(request))).ok ? passthrough() : HttpResponse.error()),
  graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: String(variables.id) } } })),
)
const wrapped = server.boundary(async (id: number) => id + 1)
const check: Promise<number> = wrapped(1)
// @ts-expect-error the path has no :slug (proves the types are not `any`)
http.get('/posts/:id', ({ params }) => HttpResponse.json({ slug: params.slug }))
void check
