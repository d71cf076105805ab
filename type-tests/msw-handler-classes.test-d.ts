// msw 2's handler classes (issue 22, item 5): the constructors libraries call and the
// methods their subclasses override, typed as msw 2.15 declares them.
import { expectTypeOf } from 'expect-type'
import {
  GraphQLHandler,
  HttpHandler,
  HttpResponse,
  type ExecutionResult,
  type GraphQLRequestParsedResult,
  type HttpHandlerMethod,
  type HttpRequestParsedResult,
  type PredicateArgs,
} from 'mocklib'

// --- GraphQLHandler: msw's (operationType, predicate, endpoint, resolver, options?) ---
const catchAll = new GraphQLHandler('all', /.*/, '*', () => HttpResponse.json({ data: {} }))
expectTypeOf(catchAll.info.header).toEqualTypeOf<string>()
expectTypeOf(catchAll.info.operationType).toEqualTypeOf<'query' | 'mutation' | 'subscription' | 'all'>()
new GraphQLHandler('query', 'GetUser', 'https://api.example.test/graphql', () => undefined, { once: true })
new GraphQLHandler('mutation', /^Save/, /\/graphql$/, () => undefined)
new GraphQLHandler('query', ({ operationName }: { operationName: string }) => operationName.startsWith('Get'), '*', () => undefined)

// @ts-expect-error not an operation type
new GraphQLHandler('subscribe', 'OnPost', '*', () => undefined)
// @ts-expect-error the endpoint is a string or a RegExp
new GraphQLHandler('query', 'GetUser', 42, () => undefined)
// @ts-expect-error the resolver is required
new GraphQLHandler('query', 'GetUser', '*')
// @ts-expect-error options are an object
new GraphQLHandler('all', /.*/, '*', () => undefined, true)

// mocklib's own shape stays (what the graphql.* factories make).
new GraphQLHandler({ operationType: 'query', selector: 'GetUser' }, () => undefined)
new GraphQLHandler({ operationType: 'any' }, () => undefined, { once: true })

// --- HttpHandler: msw's (method, path, resolver, options?) ---
new HttpHandler('GET', '/posts/:id', () => HttpResponse.json({}))
new HttpHandler('get', 'https://api.example.test/*', () => undefined, { once: true })
new HttpHandler(/^(GET|POST)$/, /\/posts$/, () => undefined)
expectTypeOf<HttpHandlerMethod>().toEqualTypeOf<string | RegExp>()
expectTypeOf(new HttpHandler('GET', '/x', () => undefined).info.method).toEqualTypeOf<HttpHandlerMethod>()

// @ts-expect-error a method is a string or a RegExp
new HttpHandler(42, '/posts', () => undefined)
// @ts-expect-error the resolver is required
new HttpHandler('GET', '/posts')

// --- Subclasses overriding RequestHandler's methods, as written for msw ---
class KeyedHandler extends HttpHandler {
  override async predicate(args: PredicateArgs<HttpRequestParsedResult>): Promise<boolean> {
    return args.request.headers.has('x-api-key') && (await super.predicate(args))
  }

  override async parse(args: { request: Request }): Promise<HttpRequestParsedResult> {
    const parsed = await super.parse(args)
    expectTypeOf(parsed.match.params).toEqualTypeOf<Record<string, string>>()
    return parsed
  }

  protected override extendResolverArgs(args: { request: Request; parsedResult: HttpRequestParsedResult }) {
    return { ...super.extendResolverArgs(args), tenant: 'acme' }
  }

  override log() {}
}
const keyed = new KeyedHandler('GET', '/me', () => undefined)
expectTypeOf(keyed.run({ request: new Request('http://localhost/me'), requestId: '1' })).toEqualTypeOf<Promise<ExecutionResult<HttpRequestParsedResult> | null>>()
expectTypeOf(keyed.test({ request: new Request('http://localhost/me') })).toEqualTypeOf<Promise<boolean>>()
// @ts-expect-error extendResolverArgs is protected, as in msw
keyed.extendResolverArgs({ request: new Request('http://localhost/me'), parsedResult: { match: { matches: true, params: {} }, cookies: {} } })

class TracedGraphQL extends GraphQLHandler {
  override async predicate(args: PredicateArgs<GraphQLRequestParsedResult>): Promise<boolean> {
    expectTypeOf(args.parsedResult.operationName).toEqualTypeOf<string | undefined>()
    return super.predicate(args)
  }

  override log(args: { request: Request; response: Response; parsedResult: GraphQLRequestParsedResult }) {
    expectTypeOf(args.response).toEqualTypeOf<Response>()
  }
}
new TracedGraphQL('all', /.*/, '*', () => undefined)

class WrongPredicate extends HttpHandler {
  // @ts-expect-error predicate answers a boolean (or a promise of one)
  override predicate(): string {
    return 'yes'
  }
}
void WrongPredicate
