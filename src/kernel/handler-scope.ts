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
  /** Runtime handlers, newest LAST (the reverse of list order), so `use` appends in O(added). */
  #overrides: Handler[] = []
  #list: HandlerList | undefined
  /** The initial handlers alone: the list every override list extends, indexed once. */
  #initialList: HandlerList | undefined
  readonly extensions = new Map<unknown, unknown>()

  /**
   * @param initialList the list of `initial`, when one exists already (a boundary
   *   starts from its parent's list, whose index it then shares).
   */
  constructor(
    initial: readonly Handler[],
    readonly parent?: HandlerScope,
    initialList?: HandlerList,
  ) {
    this.#initial = initial
    this.#initialList = initialList
  }

  /** The current handlers, overrides first; built once per change, indexing only the overrides. */
  get list(): HandlerList {
    if (this.#list !== undefined) return this.#list
    const initialList = (this.#initialList ??= new HandlerList(this.#initial))
    return (this.#list = this.#overrides.length === 0 ? initialList : new HandlerList(overridesFirst(this.#overrides, this.#initial), initialList))
  }

  /** Prepends `handlers` (in their order) to the overrides; the list is rebuilt on next read. */
  use(handlers: readonly Handler[]): void {
    for (let i = handlers.length - 1; i >= 0; i--) this.#overrides.push(handlers[i]!)
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
    if (nextInitial && nextInitial.length > 0) {
      this.#initial = nextInitial
      this.#initialList = undefined
    }
    this.#overrides = []
    this.#list = undefined
  }

  /** Re-arms every handler of the current list (used-up `once` handlers answer again). */
  restore(): void {
    for (const handler of this.list.handlers) handler.restore()
  }

  /** A child scope whose initial handlers are this scope's current handlers. */
  fork(): HandlerScope {
    const { list } = this
    return new HandlerScope(list.handlers, this, list)
  }
}

/** The handlers in list order: the overrides newest first, then the initial handlers. */
function overridesFirst(reversedOverrides: readonly Handler[], initial: readonly Handler[]): Handler[] {
  const count = reversedOverrides.length
  const handlers = new Array<Handler>(count + initial.length)
  for (let i = 0; i < count; i++) handlers[i] = reversedOverrides[count - 1 - i]!
  for (let i = 0; i < initial.length; i++) handlers[count + i] = initial[i]!
  return handlers
}
