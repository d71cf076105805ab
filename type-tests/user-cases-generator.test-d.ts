// Issue 24 item 6, on the compilers of the source checks (5.9, 6.0, 7.0): a
// generator resolver's wrong body is reported at the yield itself.
import { http, HttpResponse } from 'mocklib'

interface Post {
  id: string
  title: string
}

export const generator = http.get<never, never, Post>('/generated', function* () {
  yield HttpResponse.json({ id: '1', title: 'first' })
  // @ts-expect-error a yielded body of another shape
  yield HttpResponse.json({ id: 2, title: 'second' })
  return HttpResponse.json({ id: '3', title: 'last' })
})

export const positive = http.get<never, never, Post>('/generated', function* () {
  yield HttpResponse.json({ id: '1', title: 'first' })
  return HttpResponse.json({ id: '2', title: 'last' })
})

// Issue 36 item 5: every form of a generator resolver reports a yielded body
// of the wrong shape (at the yield for an object literal).
export const onlyYields = http.get<never, never, Post>('/generated', function* () {
  yield HttpResponse.json({ id: '1', title: 'first' })
  // @ts-expect-error a yielded body of another shape, in a generator without return
  yield HttpResponse.json({ wrong: 1 })
})

export const looping = http.get<never, never, Post>('/generated', function* () {
  let count = 0
  while (count < 3) {
    count++
    // @ts-expect-error a yielded body of another shape, in a loop
    yield HttpResponse.json({ id: count, title: 'n' })
  }
  return HttpResponse.json({ id: 'last', title: 'last' })
})

export const forever = http.get<never, never, Post>('/generated', function* () {
  // @ts-expect-error a yielded body of another shape, in a generator that never returns
  for (;;) yield HttpResponse.json({ wrong: 1 })
})

export const asyncYields = http.get<{ id: string }, never, Post>('/generated/:id', async function* ({ params }) {
  yield HttpResponse.json({ id: params.id, title: 'first' })
  // @ts-expect-error a yielded body of another shape, in an async generator
  yield HttpResponse.json({ id: params.id })
  return HttpResponse.json({ id: params.id, title: 'last' })
})

// A yield of another kind of response (no body shape to infer into) is an
// error of the resolver as a whole: TypeScript checks a yield against a
// contextual type only through inference.
// @ts-expect-error a text response where a Post is declared
export const textYield = http.get<never, never, Post>('/generated', function* () {
  yield HttpResponse.text('not a post')
  return HttpResponse.json({ id: '1', title: 'last' })
})

export const positiveLoop = http.get<never, never, Post>('/generated', function* () {
  for (let count = 0; count < 3; count++) yield HttpResponse.json({ id: String(count), title: 'n' })
  return HttpResponse.json({ id: 'last', title: 'last' })
})
