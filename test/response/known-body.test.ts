// The string a writer may send in place of the body stream: given while the
// body is untouched, withdrawn as soon as anything reads it or makes its stream
// (a writer that sent it then would send a body the program already consumed).
import { HttpResponse } from 'mocklib'
import { expect, it } from 'vitest'
import { knownBodyOf } from '../../src/kernel/known-body.js'

it('is the helper string while the body is untouched, and clones keep their own', () => {
  const response = HttpResponse.json({ id: 1 })
  expect(knownBodyOf(response)).toBe('{"id":1}')
  expect(knownBodyOf(response.clone())).toBe('{"id":1}')
  expect(knownBodyOf(response)).toBe('{"id":1}')
})

it.each([
  ['text()', (response: Response) => response.text()],
  ['json()', (response: Response) => response.json()],
  ['arrayBuffer()', (response: Response) => response.arrayBuffer()],
  ['body', (response: Response) => response.body],
  ['blob()', (response: Response) => response.blob()],
])('is withdrawn once %s was asked for', async (_name, use) => {
  const response = HttpResponse.text('"hello"')
  await use(response)
  expect(knownBodyOf(response)).toBeUndefined()
})

it('is never given for a body that was not a string, nor for a plain Response', () => {
  expect(knownBodyOf(new HttpResponse(new Uint8Array([1, 2])))).toBeUndefined()
  expect(knownBodyOf(new Response('plain'))).toBeUndefined()
})
