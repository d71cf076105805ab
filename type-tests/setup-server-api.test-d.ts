// new SetupServerApi(handlers, interceptors?): msw's class form of setupServer, for its custom-interceptors recipe.
import { ClientRequestInterceptor } from '@mswjs/interceptors/ClientRequest'
import { FetchInterceptor } from '@mswjs/interceptors/fetch'
import { expectTypeOf } from 'expect-type'
import { http, HttpResponse, type Handler } from 'mocklib'
import { SetupServerApi, setupServer, type InterceptorLike } from 'mocklib/node'

const handler = http.get('/user', () => HttpResponse.json({ id: 1 }))

// The constructor takes the handlers as an array and, optionally, @mswjs/interceptors instances.
const onlyNodeHttp = new SetupServerApi([handler], [new ClientRequestInterceptor()])
new SetupServerApi([handler], [new ClientRequestInterceptor(), new FetchInterceptor()])
new SetupServerApi([handler])
new SetupServerApi([])
expectTypeOf(new ClientRequestInterceptor()).toMatchTypeOf<InterceptorLike>()

// An instance has the whole server API, the same type setupServer() returns.
expectTypeOf(onlyNodeHttp).toEqualTypeOf<SetupServerApi>()
expectTypeOf(setupServer(handler)).toEqualTypeOf<SetupServerApi>()
onlyNodeHttp.listen({ onUnhandledRequest: 'error' })
onlyNodeHttp.use(handler)
onlyNodeHttp.resetHandlers()
onlyNodeHttp.restoreHandlers()
expectTypeOf(onlyNodeHttp.listHandlers()).toEqualTypeOf<readonly Handler[]>()
onlyNodeHttp.events.on('request:start', ({ request }) => expectTypeOf(request).toEqualTypeOf<Request>())
expectTypeOf(onlyNodeHttp.boundary(async (id: number) => id)).toEqualTypeOf<(id: number) => Promise<number>>()
onlyNodeHttp.close()

// A subclass (msw's recipe may extend it) keeps the API.
class LoggingServer extends SetupServerApi {}
expectTypeOf(new LoggingServer([handler]).listen).toEqualTypeOf<SetupServerApi['listen']>()

// @ts-expect-error handlers are an array here (setupServer() takes them spread)
new SetupServerApi(handler)
// @ts-expect-error the handlers are required
new SetupServerApi()
// @ts-expect-error an interceptor is an object, not a string
new SetupServerApi([handler], ['ClientRequest'])
