import { expectTypeOf } from 'expect-type'
import { HttpResponse, mock, type LimitSet, type MockCall, type RestMock, type RestMockBuilder, type Unset } from 'mocklib'

interface PostInput {
  title: string
  tags: string[]
}
interface Post {
  id: string
  title: string
}

// Params are inferred from the path, also for absolute URLs and optional params.
expectTypeOf(mock.get('/posts/:id')).toEqualTypeOf<RestMockBuilder<{ id: string }, Unset>>()
expectTypeOf(mock.get('https://api.test:8080/users/:userId/posts/:postId?')).toEqualTypeOf<RestMockBuilder<{ userId: string; postId?: string | undefined }, Unset>>()
expectTypeOf(mock.get(/\/posts/)).toEqualTypeOf<RestMockBuilder<Record<string, string>, Unset>>()
declare const widened: string
expectTypeOf(mock.get(widened)).toEqualTypeOf<RestMockBuilder<Record<string, string>, Unset>>()

// Bodies come in later steps, so params stay inferred.
const created = mock
  .post('/posts/:id')
  .body<PostInput>()
  .reply<Post>(201, { id: '1', title: 'Hello' })
expectTypeOf(created).toEqualTypeOf<RestMock<{ id: string }, PostInput, Post>>()
expectTypeOf(created.calls).toEqualTypeOf<readonly MockCall<{ id: string }, PostInput>[]>()
expectTypeOf(created.calls[0]!.body.tags).toEqualTypeOf<string[]>()
expectTypeOf(created.calls[0]!.params.id).toEqualTypeOf<string>()
expectTypeOf(created.callCount).toEqualTypeOf<number>()
expectTypeOf(created.isDone()).toEqualTypeOf<boolean>()

// Without a declared body, calls hold `unknown` bodies and any reply body is accepted.
const loose = mock.get('/posts').reply(200, [{ anything: true }])
expectTypeOf(loose.calls[0]!.body).toEqualTypeOf<unknown>()

// The resolver gets typed params and a typed request body; its response is checked.
mock
  .put('/posts/:id')
  .body<PostInput>()
  .reply<Post>(async ({ request, params, cookies, requestId }) => {
    expectTypeOf(params).toEqualTypeOf<{ id: string }>()
    expectTypeOf(cookies).toEqualTypeOf<Record<string, string>>()
    expectTypeOf(requestId).toEqualTypeOf<string>()
    const input = await request.json()
    expectTypeOf(input).toEqualTypeOf<PostInput>()
    return HttpResponse.json({ id: params.id, title: input.title })
  })

mock.get('/posts/:id').reply(({ params }) => {
  // @ts-expect-error no such param in the path
  params.slug
  return HttpResponse.json({ id: params.id })
})

// Body matchers are checked against the declared body type.
mock.post('/posts').body<PostInput>({ title: /^Hello/ }).reply(201)
mock.post('/posts').body<PostInput>({ tags: ['a', (tag) => tag.startsWith('b')] }).reply(201)
mock.post('/posts').body<PostInput>((post) => post.tags.length > 0).reply(201)
mock.post('/posts').body({ anything: 1 }).reply(201)
mock.post('/posts').body(/text/).reply(201)
// A matcher is never where the body type comes from: without a type argument it stays `unknown`.
expectTypeOf(mock.post('/posts').body({ title: 'Hello' }).reply(201)).toEqualTypeOf<RestMock<{}, unknown, any>>()
expectTypeOf(mock.post('/posts').body<PostInput>({ title: 'Hello' }).reply(201)).toEqualTypeOf<RestMock<{}, PostInput, any>>()
// @ts-expect-error `title` is a string, not a number
mock.post('/posts').body<PostInput>({ title: 1 }).reply(201)
// @ts-expect-error no `author` in PostInput
mock.post('/posts').body<PostInput>({ author: 'x' }).reply(201)

// Steps take strings, RegExps and predicates.
mock.get('/search').query({ q: 'cats', page: /\d+/, sort: (value) => value === 'asc' }).headers({ authorization: /^Bearer / }).cookies({ session: 'a' }).reply(200)
mock.get('/search').query((params) => params.has('q')).headers((headers) => headers.has('x')).cookies((cookies) => 'a' in cookies).reply(200)
// @ts-expect-error query values are strings, RegExps or predicates
mock.get('/search').query({ page: 2 })

// Replies are checked against the declared response type.
mock.get('/posts/:id').reply<Post>(200, { id: '1', title: 'x' })
// @ts-expect-error `title` is missing from the declared Post
mock.get('/posts/:id').reply<Post>(200, { id: '1' })
// @ts-expect-error the resolver answers a body that is not a Post
mock.get('/posts/:id').reply<Post>(() => HttpResponse.json({ nope: true }))
mock.get('/posts/:id').replyWith<Post>(HttpResponse.json({ id: '1', title: 'x' }))
// @ts-expect-error issue 13 items 7 and 12: a declared response type needs its body
mock.get('/posts/:id').reply<Post>(200)
// @ts-expect-error issue 13 item 1: an extra field is rejected
mock.get('/posts/:id').reply<Post>(200, { id: '1', title: 'x', extra: true })
mock.get('/posts/:id').reply<Post>(200, { id: '1', title: 'x' }, { headers: { 'x-a': '1' } })
// A response type that is a number type is a body type, not a status: its body is still checked.
expectTypeOf(mock.get('/count').reply<number>(200, 3)).toEqualTypeOf<RestMock<{}, unknown, number>>()
// @ts-expect-error a string is not the declared number
mock.get('/count').reply<number>(200, 'three')
// Without a declared type, the body stays optional (and is not where a response type is inferred from).
expectTypeOf(mock.get('/posts/:id').reply(200, { id: '1' })).toEqualTypeOf<RestMock<{ id: string }, unknown, any>>()
mock.get('/empty').reply(204)
// @ts-expect-error issue 13 item 12: a literal status outside 200–599 is refused, as at runtime
mock.get('/odd').reply(600)
// With an explicit body type the status is only a number (TypeScript infers no
// remaining generic once one is given); the runtime still throws at once.
mock.get('/created').reply<Post>(201, { id: '1', title: 'x' })
// @ts-expect-error the response is not a Post
mock.get('/posts/:id').replyWith<Post>(HttpResponse.json({ nope: true }))
mock.get('/posts').replyWith(new Response('ok'))
mock.get('/flaky').networkError().once()
mock.get('/real').passthrough()

// Modifiers return the same mock; a limit modifier marks it (one limit per mock).
expectTypeOf(created.delay(10)).toEqualTypeOf(created)
expectTypeOf(created.times(2).delay(10)).toEqualTypeOf<RestMock<{ id: string }, PostInput, Post, true>>()
expectTypeOf(mock.get('/a').reply(200).once()).toEqualTypeOf<RestMock<{}, unknown, any, true>>()
expectTypeOf(mock.get('/a').reply(200).once()).toMatchTypeOf<LimitSet>()
expectTypeOf(created.protocol).toEqualTypeOf<'rest'>()
expectTypeOf(mock.query('ListPosts').reply({ data: {} }).protocol).toEqualTypeOf<'graphql'>()
expectTypeOf(mock.query('ListPosts').reply({ data: {} }).once()).toMatchTypeOf<GraphQLMock<any, any, true>>()
expectTypeOf(mock.get('/a').reply(200)).not.toMatchTypeOf<LimitSet>()
const limited: RestMock<{}, unknown, any> = mock.get('/a').reply(200).delay(5).persist().delay(1)
expectTypeOf(limited.calls).toEqualTypeOf<readonly MockCall<{}, unknown>[]>()
declare const count: number
mock.get('/a').reply(200).times(count)

// Misuse is a readable type error.
// @ts-expect-error times(0): MockTypeError<'times(n) needs a whole number n >= 1 …'>
mock.get('/a').reply(200).times(0)
// @ts-expect-error times(-1) is rejected
mock.get('/a').reply(200).times(-1)
// @ts-expect-error times(1.5) is rejected
mock.get('/a').reply(200).times(1.5)
// @ts-expect-error issue 13 item 12: a mock has one usage limit (once, then persist)
mock.get('/a').reply(200).once().persist()
// @ts-expect-error persist, then once
mock.get('/a').reply(200).persist().once()
// @ts-expect-error times(n), then persist, with a delay between
mock.get('/a').reply(200).times(2).delay(5).persist()
// @ts-expect-error times twice
mock.get('/a').reply(200).times(2).times(3)
// @ts-expect-error reply() twice: MockTypeError<'This mock already has an answer …'>
mock.get('/a').reply(200).reply(201)
// @ts-expect-error networkError() after an answer
mock.get('/a').reply(200).networkError()
// @ts-expect-error steps come before the answer
mock.get('/a').reply(200).query({ a: '1' })
// @ts-expect-error body() twice: MockTypeError<'body() was already called …'>
mock.post('/a').body<PostInput>().body({ title: 'x' })
// @ts-expect-error a builder without an answer is not a handler
const notAHandler: RestMock = mock.get('/a')

// The step table types the builders: every step it gives a builder (and every answer) is a method
// of that builder's type, a built mock refuses each, and MockStepName is derived from it.
import type { AnswerName, StepsOf } from '../src/dsl/mock/step-table.js'
import type { GraphQLMock, GraphQLMockBuilder, MockStepName, StepAfterAnswer } from 'mocklib'
expectTypeOf<StepsOf<'rest'> | AnswerName>().toMatchTypeOf<keyof RestMockBuilder<{}>>()
expectTypeOf<StepsOf<'graphql'> | AnswerName>().toMatchTypeOf<keyof GraphQLMockBuilder<{}, {}>>()
expectTypeOf<RestMock[StepsOf<'rest'>]>().toEqualTypeOf<StepAfterAnswer>()
expectTypeOf<GraphQLMock[StepsOf<'graphql'>]>().toEqualTypeOf<StepAfterAnswer>()
expectTypeOf<StepsOf<'rest'>>().toEqualTypeOf<'query' | 'headers' | 'cookies' | 'body'>()
expectTypeOf<StepsOf<'graphql'>>().toEqualTypeOf<'headers' | 'cookies' | 'variables'>()
expectTypeOf<MockStepName>().toEqualTypeOf<'method' | 'path' | 'operation' | 'query' | 'headers' | 'cookies' | 'body' | 'variables'>()
