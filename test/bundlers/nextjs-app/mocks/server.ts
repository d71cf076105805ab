import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

export const server = setupServer(
  http.get('https://api.example.test/posts/:id', ({ params }) => HttpResponse.json({ id: params.id, title: `Mocked post ${params.id}` })),
)
