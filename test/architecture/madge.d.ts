// The part of madge's API the layer test uses (madge ships no types).
declare module 'madge' {
  interface MadgeResult {
    obj(): Record<string, string[]>
    circular(): string[][]
  }
  function madge(path: string, config?: Record<string, unknown>): Promise<MadgeResult>
  export default madge
}
