// Issue 22, item 5: msw 2's handler classes are public API. Libraries construct them with
// msw's signatures and subclass them, overriding RequestHandler's methods (parse,
// predicate, extendResolverArgs, run, test, log). Each subclass below is written as
// it would be for msw 2.15, whose behaviour was measured with the same code
// (node_modules/msw2): the overrides are called when msw calls them, and never `log`
// under setupServer (msw's Node setup is quiet).
import nodeHttps from 'node:https'
import axios from 'axios'
import { GraphQLHandler, HttpHandler, HttpResponse, graphql, http } from 'mocklib'
import { setupServer } from 'mocklib/node'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { failOnUnhandledRejection } from '../integration/support/harness.js'

const API = 'https://api.handler-classes.test'
const server = setupServer()
failOnUnhandledRejection()

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }))
afterEach(() => server.resetHandlers())
afterAll(() => server.close())

function postGraphQL(query: string, variables?: Record<string, unknown>, url = `${API}/graphql`): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query, variables }) })
}

describe("msw's GraphQLHandler constructor", () => {
  it("new GraphQLHandler('all', /.*/, '*', resolver) answers every operation, anonymous ones included", async () => {
    // A catch-all handler as GraphQL mocking libraries build it.
    const catchAll = new GraphQLHandler('all', /.*/, '*', ({ operationName, query, variables }) =>
      HttpResponse.json({ data: { operationName, query, variables } }),
    )
    expect(catchAll.info.header).toBe('all (origin: *)')
    expect(catchAll.info.operationType).toBe('all')
    server.use(catchAll)

    const named = await postGraphQL('query GetUser($id: ID!) { user(id: $id) { id } }', { id: '1' })
    expect(await named.json()).toEqual({ data: { operationName: 'GetUser', query: 'query GetUser($id: ID!) { user(id: $id) { id } }', variables: { id: '1' } } })
    const mutation = await postGraphQL('mutation Save { save }')
    expect(((await mutation.json()) as { data: { operationName: string } }).data.operationName).toBe('Save')
    // msw gives '' as the name of an anonymous operation to a `new GraphQLHandler` resolver.
    const anonymous = await axios.post(`${API}/graphql`, { query: '{ viewer { id } }' })
    expect(anonymous.data).toEqual({ data: { operationName: '', query: '{ viewer { id } }', variables: {} } })
  })

  it("new GraphQLHandler('query', name, endpoint, resolver) matches by type, name and endpoint", async () => {
    server.use(
      new GraphQLHandler('query', 'GetUser', `${API}/graphql`, () => HttpResponse.json({ data: { user: { id: 'endpoint' } } })),
      new GraphQLHandler('mutation', /^Save/, '*', ({ variables }) => HttpResponse.json({ data: { saved: variables } })),
      new GraphQLHandler('all', /.*/, '*', () => HttpResponse.json({ data: { fallback: true } })),
    )
    expect(await (await postGraphQL('query GetUser { user { id } }')).json()).toEqual({ data: { user: { id: 'endpoint' } } })
    // Another endpoint: the query handler does not match, the catch-all answers.
    expect(await (await postGraphQL('query GetUser { user { id } }', {}, `${API}/other/graphql`)).json()).toEqual({ data: { fallback: true } })
    expect(await (await postGraphQL('mutation SavePost { save }', { id: 2 })).json()).toEqual({ data: { saved: { id: 2 } } })
    // A query named like the mutation selector: wrong type, falls to the catch-all.
    expect(await (await postGraphQL('query SavePost { save }')).json()).toEqual({ data: { fallback: true } })
  })

  it('has msw\'s info and header, and still accepts the graphql.* factories\' shape', () => {
    const handler = new GraphQLHandler('query', 'GetUser', 'https://api.example.test/graphql', () => undefined)
    expect(handler.info.header).toBe('query GetUser (origin: https://api.example.test/graphql)')
    expect(handler.info.operationName).toBe('GetUser')
    expect(graphql.query('GetUser', () => undefined).info.header).toBe('query GetUser (origin: *)')
  })

  it('says what was wrong with bad msw-style arguments', () => {
    // @ts-expect-error not an operation type
    expect(() => new GraphQLHandler('subscribe', 'OnPost', '*', () => undefined)).toThrow(/expects 'query', 'mutation', 'subscription' or 'all' as its first argument/)
    // @ts-expect-error the resolver is missing
    expect(() => new GraphQLHandler('query', 'GetUser', '*')).toThrow(/expects a resolver function as its fourth argument/)
  })
})

describe('subclasses overriding RequestHandler methods', () => {
  it('a log() override is never called by setupServer (as msw), and the handler answers', async () => {
    const logged: string[] = []
    class SilentHandler extends HttpHandler {
      override log({ request, response }: { request: Request; response: Response }) {
        logged.push(`${request.method} ${request.url} ${response.status}`)
      }
    }
    class SilentGraphQL extends GraphQLHandler {
      override log() {
        logged.push('graphql')
      }
    }
    server.use(
      new SilentHandler('GET', `${API}/silent`, () => HttpResponse.text('quiet')),
      new SilentGraphQL('all', /.*/, '*', () => HttpResponse.json({ data: { quiet: true } })),
    )
    expect(await (await fetch(`${API}/silent`)).text()).toBe('quiet')
    expect(await (await postGraphQL('query Q { quiet }')).json()).toEqual({ data: { quiet: true } })
    expect(logged).toEqual([])
  })

  it('a predicate() override changes matching, and super.predicate() keeps the path check', async () => {
    // Matches only requests that carry an API key, on top of method and path.
    class KeyedHandler extends HttpHandler {
      override async predicate(args: Parameters<HttpHandler['predicate']>[0]) {
        return args.request.headers.get('x-api-key') === 'secret' && (await super.predicate(args))
      }
    }
    server.use(
      new KeyedHandler('GET', `${API}/keyed/:id`, ({ params }) => HttpResponse.json({ keyed: params.id })),
      http.get(`${API}/keyed/:id`, () => HttpResponse.json({ keyed: false })),
    )
    expect(await (await fetch(`${API}/keyed/1`, { headers: { 'x-api-key': 'secret' } })).json()).toEqual({ keyed: '1' })
    expect(await (await fetch(`${API}/keyed/1`)).json()).toEqual({ keyed: false })
    expect((await axios.get(`${API}/keyed/2`, { headers: { 'x-api-key': 'secret' } })).data).toEqual({ keyed: '2' })
  })

  it('a predicate() override may take requests the path would not (the handler is asked about every request)', async () => {
    class AnyPathHandler extends HttpHandler {
      override predicate(args: Parameters<HttpHandler['predicate']>[0]) {
        return new URL(args.request.url).searchParams.get('mock') === 'yes'
      }
    }
    server.use(new AnyPathHandler('GET', '/never-requested', () => HttpResponse.text('by query')))
    expect(await (await fetch(`${API}/some/deep/path?mock=yes`)).text()).toBe('by query')
  })

  it('parse() and extendResolverArgs() overrides feed the resolver, as msw calls them', async () => {
    const calls: string[] = []
    class TenantHandler extends HttpHandler {
      override async parse(args: Parameters<HttpHandler['parse']>[0]) {
        calls.push('parse')
        return super.parse(args)
      }
      override async predicate(args: Parameters<HttpHandler['predicate']>[0]) {
        calls.push('predicate')
        return super.predicate(args)
      }
      protected override extendResolverArgs(args: Parameters<HttpHandler['extendResolverArgs']>[0]) {
        calls.push('extendResolverArgs')
        return { ...super.extendResolverArgs(args), tenant: new URL(args.request.url).hostname.split('.')[0] }
      }
    }
    server.use(
      new TenantHandler('GET', 'https://:tenant.tenants.test/me', (info: { params: Record<string, string>; tenant: string; requestId: string }) =>
        HttpResponse.json({ params: info.params, tenant: info.tenant, hasRequestId: typeof info.requestId === 'string' }),
      ),
    )
    const body = await new Promise<string>((resolve, reject) => {
      nodeHttps
        .get('https://acme.tenants.test/me', (response) => {
          let text = ''
          response.on('data', (chunk: Buffer) => (text += chunk))
          response.on('end', () => resolve(text))
        })
        .on('error', reject)
    })
    expect(JSON.parse(body)).toEqual({ params: { tenant: 'acme' }, tenant: 'acme', hasRequestId: true })
    expect(calls).toEqual(['parse', 'predicate', 'extendResolverArgs'])
  })

  it('a run() override wraps every answer, and super.run() answers without matching twice', async () => {
    const calls: string[] = []
    class TimedHandler extends HttpHandler {
      override async predicate(args: Parameters<HttpHandler['predicate']>[0]) {
        calls.push('predicate')
        return super.predicate(args)
      }
      override async run(args: Parameters<HttpHandler['run']>[0]) {
        calls.push('run')
        const result = await super.run(args)
        if (result?.response) result.response.headers.set('x-timed', 'yes')
        return result
      }
    }
    server.use(new TimedHandler('POST', `${API}/timed`, async ({ request }) => HttpResponse.json(await request.json())))
    const response = await fetch(`${API}/timed`, { method: 'POST', body: JSON.stringify({ n: 1 }) })
    expect(response.headers.get('x-timed')).toBe('yes')
    expect(await response.json()).toEqual({ n: 1 })
    // Each once. (msw calls run() first and predicate() inside it; mocklib matches before it runs.)
    expect([...calls].sort()).toEqual(['predicate', 'run'])
  })

  it('a GraphQLHandler subclass overriding predicate() and extendResolverArgs()', async () => {
    class TracedGraphQL extends GraphQLHandler {
      override async predicate(args: Parameters<GraphQLHandler['predicate']>[0]) {
        return args.request.headers.get('x-trace') !== null && (await super.predicate(args))
      }
      protected override extendResolverArgs(args: Parameters<GraphQLHandler['extendResolverArgs']>[0]) {
        return { ...super.extendResolverArgs(args), trace: args.request.headers.get('x-trace') }
      }
    }
    server.use(
      new TracedGraphQL('query', 'GetUser', '*', (info: { trace: string; operationName: string }) => HttpResponse.json({ data: { trace: info.trace, name: info.operationName } })),
      graphql.query('GetUser', () => HttpResponse.json({ data: { trace: null } })),
    )
    const traced = await fetch(`${API}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trace': 't-1' },
      body: JSON.stringify({ query: 'query GetUser { user { id } }' }),
    })
    expect(await traced.json()).toEqual({ data: { trace: 't-1', name: 'GetUser' } })
    expect(await (await postGraphQL('query GetUser { user { id } }')).json()).toEqual({ data: { trace: null } })
  })
})

describe("msw's HttpHandler constructor and methods", () => {
  it('takes a method in any case, or a RegExp of methods', async () => {
    server.use(
      new HttpHandler('get', `${API}/lower`, () => HttpResponse.text('lower')),
      new HttpHandler(/^(GET|POST)$/, `${API}/either`, ({ request }) => HttpResponse.text(`either ${request.method}`)),
    )
    expect(await (await fetch(`${API}/lower`)).text()).toBe('lower')
    expect(await (await fetch(`${API}/either`, { method: 'POST' })).text()).toBe('either POST')
    expect(await (await fetch(`${API}/either`)).text()).toBe('either GET')
    // Not a method of the RegExp: unhandled, which onUnhandledRequest: 'error' fails.
    await expect(fetch(`${API}/either`, { method: 'PUT' })).rejects.toThrow(/without a matching request handler/)
  })

  it('test() and run() work on a handler alone, as msw documents for testing handlers', async () => {
    const handler = new HttpHandler('GET', 'https://api.example.test/user/:id', ({ params }) => HttpResponse.json({ id: params.id }), { once: true })
    expect(handler.info).toMatchObject({ header: 'GET https://api.example.test/user/:id', method: 'GET', path: 'https://api.example.test/user/:id' })
    expect(await handler.test({ request: new Request('https://api.example.test/user/1') })).toBe(true)
    expect(await handler.test({ request: new Request('https://api.example.test/other') })).toBe(false)

    expect(await handler.run({ request: new Request('https://api.example.test/other'), requestId: 'r0' })).toBeNull()
    const result = await handler.run({ request: new Request('https://api.example.test/user/1'), requestId: 'r1' })
    expect(result?.handler).toBe(handler)
    expect(result?.requestId).toBe('r1')
    expect(result?.parsedResult).toEqual({ match: { matches: true, params: { id: '1' } }, cookies: {} })
    expect(await result?.response?.json()).toEqual({ id: '1' })
    expect(handler.isUsed).toBe(true)
    // A used-up once handler takes nothing more (as msw).
    expect(await handler.run({ request: new Request('https://api.example.test/user/2'), requestId: 'r2' })).toBeNull()
  })

  it('isUsed tells the handlers a test used from the ones it never did (as msw)', async () => {
    const used = new HttpHandler('GET', `${API}/used`, () => HttpResponse.text('used'))
    const unused = new HttpHandler('GET', `${API}/unused`, () => HttpResponse.text('unused'))
    server.use(used, unused)
    expect([used.isUsed, unused.isUsed]).toEqual([false, false])
    await (await fetch(`${API}/used`)).text()
    expect(server.listHandlers().filter((handler): handler is HttpHandler => handler === used || handler === unused).map((handler) => handler.isUsed)).toEqual([true, false])
  })
})
