// Handlers shared by every test, as a project's mocks/handlers.ts.
import { http, HttpResponse } from '../../../src/api/index.js'

export const handlers = [
  http.get('/api/posts/:id', ({ params }) => HttpResponse.json({ title: `Post ${params.id}` })),
  http.get('/api/once', () => HttpResponse.text('first'), { once: true }),
]
