import type { Handler } from './contracts.js'
import { message } from './errors.js'
import { HandlerList } from './handler-list.js'

/**
 * The handler state of a runtime or of one boundary: initial handlers plus the
 * runtime handlers (`use`) prepended to them, with the transitions of the spec.
 *
 * `extensions` lets higher layers keep per-scope data (request history,
 * unhandled requests) that is scoped exactly like the handlers.
 */
export class HandlerScope {
  #initial: readonly Handler[]
  #overrides: readonly Handler[] = []
  #list: HandlerList | undefined
  readonly extensions = new Map<unknown, unknown>()

  constructor(
    initial: readonly Handler[],
    readonly parent?: HandlerScope,
  ) {
    this.#initial = initial
  }

  /** The current handlers, overrides first; built once per change. */
  get list(): HandlerList {
    return (this.#list ??= new HandlerList(
      this.#overrides.length === 0 ? this.#initial : [...this.#overrides, ...this.#initial],
    ))
  }

  use(handlers: readonly Handler[]): void {
    this.#overrides = [...handlers, ...this.#overrides]
    this.#list = undefined
  }

  /** Without handlers: drop the overrides. With handlers: they become the initial ones. */
  reset(nextInitial?: readonly Handler[]): void {
    // Generator resolvers start over (and their `finally` runs), as in msw; an error there is reported, never thrown.
    for (const handler of this.list.handlers) {
      Promise.resolve(handler.reset?.()).catch((error: unknown) => {
        console.error(message(`Resetting "${handler.info.header}" failed: its generator resolver threw when it was stopped.`, 'Fix the finally block of the generator.'), error)
      })
    }
    if (nextInitial && nextInitial.length > 0) this.#initial = nextInitial
    this.#overrides = []
    this.#list = undefined
  }

  /** Re-arms every handler of the current list (used-up `once` handlers answer again). */
  restore(): void {
    for (const handler of this.list.handlers) handler.restore()
  }

  /** A child scope whose initial handlers are this scope's current handlers. */
  fork(): HandlerScope {
    return new HandlerScope(this.list.handlers, this)
  }
}
