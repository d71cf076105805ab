// fromOpenApi({ responses }): a configured response the operation does not declare is a mistake in the
// test's setup, known when the handlers are built; it fails the build, naming the operation and what
// is declared, instead of answering every request for that operation with a 500.
import { fileURLToPath } from 'node:url'
import { setupServer } from 'mocklib/node'
import { describe, expect, it } from 'vitest'
import { fromOpenApi } from '../../src/openapi/index.js'

const PETSTORE_30 = fileURLToPath(new URL('./fixtures/petstore-3.0.yaml', import.meta.url))

describe('fromOpenApi() options.responses', () => {
  it('rejects an undeclared status when the handlers are built', async () => {
    await expect(fromOpenApi(PETSTORE_30, { responses: { showPetById: 418 } })).rejects.toThrow(
      /^\[mocklib\] fromOpenApi\(\): options\.responses: showPetById declares no 418 response \(declared: 200, 404\)\. Ask for one of the declared statuses\.$/,
    )
  })

  it('rejects an example the chosen response does not declare', async () => {
    await expect(fromOpenApi(PETSTORE_30, { responses: { 'GET /pets/{petId}': { status: 200, example: 'nobody' } } })).rejects.toThrow(
      /^\[mocklib\] fromOpenApi\(\): options\.responses: No example named "nobody" \(examples: .+\)\. Ask for one the document declares\.$/,
    )
  })

  it('still answers a declared choice', async () => {
    const server = setupServer(...(await fromOpenApi(PETSTORE_30, { responses: { showPetById: 404 } })))
    server.listen({ onUnhandledRequest: 'error' })
    try {
      expect((await fetch('https://petstore.example.test/v1/pets/9')).status).toBe(404)
    } finally {
      server.close()
    }
  })
})
