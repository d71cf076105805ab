const NO_NOTES: readonly string[] = Object.freeze([])

/**
 * What every exchange context shares: values computed once per exchange
 * (`memo`) and the notes that explain why no handler matched (printed by the
 * unhandled-request policy). Both are created on first use.
 */
export abstract class ContextScratchpad {
  #memo: Map<unknown, unknown> | undefined
  #notes: string[] | undefined

  /**
   * Why handlers did not match this exchange (for example "the GraphQL query
   * does not parse"), added by channels and handlers.
   */
  get notes(): readonly string[] {
    return this.#notes ?? NO_NOTES
  }

  /** Adds a "why nothing matched" detail; the same text is kept once. */
  addNote(text: string): void {
    this.#notes ??= []
    if (!this.#notes.includes(text)) this.#notes.push(text)
  }

  /** Computes a value once per exchange under `key` (use a module-private object or symbol). */
  memo<T>(key: unknown, compute: (context: this) => T): T {
    this.#memo ??= new Map()
    if (this.#memo.has(key)) return this.#memo.get(key) as T
    const value = compute(this)
    this.#memo.set(key, value)
    return value
  }
}
