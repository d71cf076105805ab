/**
 * Throws, naming the call, unless `template` looks like a path template of a
 * document (`/pets/{petId}`): plain JavaScript gets the check the types give.
 *
 * @example
 * checkTemplate('/pets/{petId}', 'openapi().get()') // passes
 */
export function checkTemplate(template: unknown, call: string): asserts template is string {
  if (typeof template !== 'string' || !template.startsWith('/')) {
    throw new TypeError(`[mocklib] ${call} takes a path template of the document, such as '/pets/{petId}' (got ${JSON.stringify(template)}).`)
  }
}
