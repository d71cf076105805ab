const NO_NOTES: readonly string[] = Object.freeze([])

/**
 * What every exchange context shares: values computed once per exchange
 * (`memo`) and the notes that explain why no handler matched (printed by the
 * unhandled-request policy). Both are created on first use.
 */
export abstract class ContextScratchpad {
  /** Keys and values side by side: a request memoizes a handful of values, a Map costs more to make than to scan this. */
  #memo: unknown[] | undefined
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
    const memo = (this.#memo ??= [])
    for (let index = 0; index < memo.length; index += 2) if (memo[index] === key) return memo[index + 1] as T
    const value = compute(this)
    memo.push(key, value)
    return value
  }
}
