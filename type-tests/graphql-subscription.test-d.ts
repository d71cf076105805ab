import type { TypedDocumentNode } from '@graphql-typed-document-node/core'
import { expectTypeOf } from 'expect-type'
import {
  graphql,
  type GraphQLSubscriptionHandler,
  type GraphQLSubscriptionResolver,
  type GraphQLSubscriptionResolverInfo,
  type GraphQLSubscriptionResult,
  type GraphQLSubscriptionTransport,
} from 'mocklib'

interface Message {
  id: string
  text: string
}
declare const OnMessage: TypedDocumentNode<{ onMessage: Message }, { room: string }>
declare const OnCount: TypedDocumentNode<{ count: number }, { to: number }>

// graphql-codegen's client preset (documentMode: 'string').
declare class TypedDocumentString<Result, Variables> extends String {
  __apiType?: (variables: Variables) => Result
}
declare const OnTyping: TypedDocumentString<{ typing: { user: string } }, { room: string }>

// A TypedDocumentNode types variables and each yielded data.
expectTypeOf(
  graphql.subscription(OnMessage, async function* ({ variables, signal, transport, connectionParams }) {
    expectTypeOf(variables).toEqualTypeOf<{ room: string }>()
    expectTypeOf(signal).toEqualTypeOf<AbortSignal>()
    expectTypeOf(transport).toEqualTypeOf<GraphQLSubscriptionTransport>()
    expectTypeOf(connectionParams).toEqualTypeOf<Record<string, unknown> | undefined>()
    // @ts-expect-error the document declares no such variable
    variables.channel
    yield { data: { onMessage: { id: '1', text: `hello ${variables.room}` } } }
    yield { errors: [{ message: 'rate limited' }] }
  }),
).toEqualTypeOf<GraphQLSubscriptionHandler>()

// A yielded data of another shape is a type error.
// @ts-expect-error "text" must be a string
graphql.subscription(OnMessage, async function* () {
  yield { data: { onMessage: { id: '1', text: 42 } } }
})

// @ts-expect-error yield a result ({ data }), not the data itself
graphql.subscription(OnCount, async function* () {
  yield { count: 1 }
})

// A typed document string works the same way.
graphql.subscription(OnTyping, async function* ({ variables }) {
  expectTypeOf(variables.room).toEqualTypeOf<string>()
  yield { data: { typing: { user: 'ann' } } }
})

// @ts-expect-error "user" is missing
graphql.subscription(OnTyping, async function* () {
  yield { data: { typing: {} } }
})

// Explicit generics, as graphql.query<Result, Variables> (msw style).
graphql.subscription<{ count: number }, { to: number }>('OnCount', async function* ({ variables }) {
  for (let count = 1; count <= variables.to; count++) yield { data: { count } }
})

// @ts-expect-error count is a number
graphql.subscription<{ count: number }, { to: number }>('OnCount', async function* () {
  yield { data: { count: 'one' } }
})

// Untyped: any data, variables a record.
graphql.subscription('OnAnything', async function* ({ variables, operationName }) {
  expectTypeOf(variables).toEqualTypeOf<Record<string, any>>()
  expectTypeOf(operationName).toEqualTypeOf<string | undefined>()
  yield { data: { whatever: variables.x } }
})
graphql.subscription(/^On/, async function* () {
  yield { data: null }
})

// Plain iterables and "nothing" (fall through) are answers too.
graphql.subscription(OnCount, () => [{ data: { count: 1 } }])
graphql.subscription(OnCount, ({ variables }) => (variables.to > 3 ? undefined : [{ data: { count: 1 } }]))
// @ts-expect-error a plain iterable of the wrong data
graphql.subscription(OnCount, () => [{ data: { count: '1' } }])

// @ts-expect-error a single result is not a stream
graphql.subscription(OnCount, () => ({ data: { count: 1 } }))

// graphql.link(url) has the same factory.
graphql.link('https://api.example.com/graphql').subscription(OnCount, async function* ({ variables }) {
  expectTypeOf(variables.to).toEqualTypeOf<number>()
  yield { data: { count: variables.to } }
})

// @ts-expect-error the selector is a name, a RegExp, a predicate or a document
graphql.subscription(42, async function* () {})

// The named types fit together.
const resolver: GraphQLSubscriptionResolver<{ count: number }, { to: number }> = async function* ({ variables }) {
  yield { data: { count: variables.to } }
}
graphql.subscription(OnCount, resolver)
expectTypeOf<GraphQLSubscriptionResolverInfo<{ to: number }>['variables']>().toEqualTypeOf<{ to: number }>()
expectTypeOf<GraphQLSubscriptionResult<{ count: number }>['data']>().toEqualTypeOf<{ count: number } | null | undefined>()
