import type { Handler } from './contracts.js'
import { message } from './errors.js'
import { HandlerList } from './handler-list.js'

/** The handlers of a runtime or of one boundary; `extensions` holds higher layers' data scoped like them (request history). */
export class HandlerScope {
  #initial: readonly Handler[]
  /** Runtime handlers, newest LAST (the reverse of list order), so `use` appends in O(added). */
  #overrides: Handler[] = []
  #list: HandlerList | undefined
  #initialList: HandlerList | undefined
  readonly extensions = new Map<unknown, unknown>()

  constructor(
    initial: readonly Handler[],
    readonly parent?: HandlerScope,
    initialList?: HandlerList,
  ) {
    this.#initial = initial
    this.#initialList = initialList
  }

  get list(): HandlerList {
    if (this.#list !== undefined) return this.#list
    const initialList = (this.#initialList ??= new HandlerList(this.#initial))
    return (this.#list = this.#overrides.length === 0 ? initialList : new HandlerList([...this.#overrides].reverse().concat(this.#initial), initialList))
  }

  use(handlers: readonly Handler[]): void {
    for (let i = handlers.length - 1; i >= 0; i--) this.#overrides.push(handlers[i]!)
    this.#list = undefined
  }

  /** Without handlers: drop the overrides. With handlers: they become the initial ones. */
  reset(nextInitial?: readonly Handler[]): void {
    // As msw, generator resolvers start over (their `finally` runs); an error there is reported, never thrown.
    for (const handler of this.list.handlers) {
      Promise.resolve(handler.reset?.()).catch((error: unknown) => {
        console.error(message(`Resetting "${handler.info.header}" failed: its generator resolver threw when it was stopped.`, 'Fix the finally block of the generator.'), error)
      })
    }
    if (nextInitial && nextInitial.length > 0) {
      this.#initial = nextInitial
      this.#initialList = undefined
    }
    this.#overrides = []
    this.#list = undefined
  }

  restore(): void {
    for (const handler of this.list.handlers) handler.restore()
  }

  fork(): HandlerScope {
    const { list } = this
    return new HandlerScope(list.handlers, this, list)
  }
}
