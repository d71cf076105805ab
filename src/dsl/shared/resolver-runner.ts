import { message } from '../../kernel/index.js'

type AnyIterator = Iterator<unknown, unknown> | AsyncIterator<unknown, unknown>

/**
 * Runs a resolver and checks what it answered. Generator resolvers are driven
 * one step per request; once they return, the returned Response is answered
 * (as a fresh clone) for every later request.
 *
 * Throws a TypeError naming the handler when the resolver answers something
 * that is not a Response.
 */
export class ResolverRunner<Info> {
  #iterator: AnyIterator | undefined
  #final: Response | undefined
  #done = false

  constructor(
    private readonly resolver: (info: Info) => unknown,
    private readonly handlerName: string,
  ) {}

  /** Forgets generator progress (`restoreHandlers()`). */
  reset(): void {
    this.#iterator = undefined
    this.#final = undefined
    this.#done = false
  }

  run(info: Info): Response | undefined | Promise<Response | undefined> {
    if (this.#done) return this.#final?.clone()
    if (this.#iterator) return this.#step()
    const result = this.resolver(info)
    if (result instanceof Promise) return result.then((value) => this.#accept(value))
    if (isIterator(result)) {
      this.#iterator = result
      return this.#step()
    }
    return this.#accept(result)
  }

  async #step(): Promise<Response | undefined> {
    const iterator = this.#iterator!
    const { value, done } = await iterator.next()
    const response = this.#accept(await value)
    if (done) {
      this.#done = true
      this.#final = response
      return response?.clone()
    }
    return response
  }

  #accept(value: unknown): Response | undefined {
    if (value === undefined || value === null || value instanceof Response) return value ?? undefined
    throw new TypeError(
      message(
        `The resolver of "${this.handlerName}" returned ${describe(value)}, which is not a Response.`,
        'Return a Response (for example `HttpResponse.json(data)`), or nothing to let the next handler answer.',
      ),
    )
  }
}

function isIterator(value: unknown): value is AnyIterator {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as AnyIterator).next === 'function' &&
    (Symbol.iterator in value || Symbol.asyncIterator in value)
  )
}

function describe(value: unknown): string {
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return `an object (${JSON.stringify(value)?.slice(0, 60) ?? 'not serializable'})`
  return `${typeof value} ${JSON.stringify(value)}`
}
