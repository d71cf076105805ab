// A browser consumer of the published types (DOM lib on): see server.ts.
import { http, HttpResponse } from 'mocklib'
import { setupWorker } from 'mocklib/browser'

const worker = setupWorker(http.get('/posts/:id', ({ params }) => HttpResponse.json({ id: params.id })))
void worker.start({ onUnhandledRequest: 'bypass' })
