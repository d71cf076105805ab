/** The last `limit` items pushed (oldest first) and how many were pushed; a ring, so a push never shifts the list. */
export class RecentList<Item> {
  readonly #items: Item[] = []
  #next = 0
  #count = 0

  constructor(readonly limit: number) {}

  get count(): number {
    return this.#count
  }

  push(item: Item): void {
    this.#count++
    if (this.#items.length < this.limit) this.#items.push(item)
    else this.#items[this.#next] = item
    this.#next = (this.#next + 1) % this.limit
  }

  /** A copy, oldest first. */
  items(): Item[] {
    const items = this.#items
    return items.length < this.limit ? items.slice() : [...items.slice(this.#next), ...items.slice(0, this.#next)]
  }

  clear(): void {
    this.#items.length = 0
    this.#next = 0
    this.#count = 0
  }
}
