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
