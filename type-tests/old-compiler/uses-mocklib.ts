// What a project on TypeScript 4.9 writes: the consumer matrix expects exactly
// one error per import (TS2306 naming legacy-types/mocklib-needs-TypeScript-5.0-or-newer.d.ts)
// and nothing read from dist/.
import { http, HttpResponse } from 'mocklib'
import { setupServer } from 'mocklib/node'

export const server = setupServer(http.get('/users/:id', () => HttpResponse.json({ id: '1' })))
