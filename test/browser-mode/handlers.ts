import { graphql, http, HttpResponse, passthrough } from 'mocklib'

/** The application's handlers, shared by every test file (and, in an app, by the dev server's worker). */
export const handlers = [
  http.get('/api/posts/:id', ({ params }) => HttpResponse.json({ id: params.id, title: 'Mocked' })),
  http.post('/api/posts', async ({ request }) => HttpResponse.json({ created: await request.json() }, { status: 201 })),
  graphql.query('GetUser', ({ variables }) => HttpResponse.json({ data: { user: { id: variables.id, name: 'Ada' } } })),
  // Requests meant for the real server say so: under onUnhandledRequest 'error',
  // anything else no handler answers fails.
  http.all('/real/passthrough/*', () => passthrough()),
  http.get('/real-hits', () => passthrough()),
]
