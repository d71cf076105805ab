export type Random = () => number

/** mulberry32 seeded by seed and key: a generated body depends on them only, not on the order of requests. */
export function seededRandom(seed: number | string, key: string): Random {
  let state = fnv1a(`${seed}\u0000${key}`)
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function fnv1a(text: string): number {
  let value = 0x811c9dc5
  for (let index = 0; index < text.length; index++) value = Math.imul(value ^ text.charCodeAt(index), 0x01000193)
  return value >>> 0
}

export function integerBetween(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1))
}

/** One of `choices` (a string's characters or a list's items), each as likely. */
export function pick<Choice>(random: Random, choices: ArrayLike<Choice>): Choice {
  return choices[Math.floor(random() * choices.length)]!
}
