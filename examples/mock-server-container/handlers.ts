// The handlers the container serves: the same file the tests import. Only erasable TypeScript
// (Node's own type stripping loads it: no enum, no parameter properties).
import { http, HttpResponse } from 'mocklib'

interface User {
  id: string
  name: string
}

const users: User[] = [
  { id: '1', name: 'Ada' },
  { id: '2', name: 'Grace' },
]

export default [
  http.get('/health', () => HttpResponse.text('ok')),
  http.get('/users', () => HttpResponse.json(users)),
  http.get('/users/:id', ({ params }) => {
    const user = users.find((candidate) => candidate.id === params.id)
    return user ? HttpResponse.json(user) : HttpResponse.json({ message: 'no such user' }, { status: 404 })
  }),
  // An absolute handler: reached with `Host: payments.example.com`, or at /https://payments.example.com/charges.
  http.post('https://payments.example.com/charges', () => HttpResponse.json({ id: 'ch_1', status: 'succeeded' }, { status: 201 })),
]
