/** A deterministic source of numbers in [0, 1). */
export type Random = () => number

/**
 * A small seeded generator (mulberry32): the same seed and key give the same
 * sequence, so a generated body depends on the seed and the operation only,
 * never on the order requests arrive in.
 *
 * @example
 * const random = seededRandom(42, 'GET /pets 200')
 * random() // always the same first number for this seed and key
 */
export function seededRandom(seed: number | string, key: string): Random {
  let state = hash(`${seed}\u0000${key}`)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** FNV-1a, 32 bits. */
function hash(text: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193)
  return value >>> 0
}

/**
 * An integer in [min, max].
 *
 * @example
 * integerBetween(random, 1, 6)
 */
export function integerBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}
