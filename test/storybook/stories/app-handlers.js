import { http, HttpResponse } from 'mocklib'

/** The handlers every story gets unless its `parameters.mocklib.handlers` say otherwise. */
export const appHandlers = [http.get('/api/user', () => HttpResponse.json({ name: 'Default' }))]
