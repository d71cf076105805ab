// The layers of DESIGN.md, checked on the import graph of src/: no cycle, and
// runtime imports point down only (api → dsl → kernel).
import { fileURLToPath } from 'node:url'
import madge from 'madge'
import { describe, expect, it } from 'vitest'

const root = fileURLToPath(new URL('../../src/', import.meta.url))

const graph = await madge(root, { fileExtensions: ['ts'], detectiveOptions: { ts: { skipTypeImports: true } } })
const imports = graph.obj()

const layerOf = (file: string) => file.split('/')[0]!
// The Service Worker script is a program of its own at the bottom; it and the
// kernel's browser sources share the protocol in worker-protocol/, below both.
const RANK: Record<string, number> = { 'worker-protocol': 0, kernel: 0, 'service-worker': 0, dsl: 1, api: 2, cli: 3 }

describe('layers', () => {
  it('sees the whole graph', () => {
    expect(Object.keys(imports).length).toBeGreaterThan(100)
    expect(imports['api/setup-server.ts']).toContain('kernel/index.ts')
  })

  it('has no import cycle', () => {
    expect(graph.circular()).toEqual([])
  })

  it('imports point down only (api → dsl → kernel)', () => {
    const upward: string[] = []
    for (const [file, targets] of Object.entries(imports)) {
      for (const target of targets) {
        if ((RANK[layerOf(target)] ?? 0) > (RANK[layerOf(file)] ?? 0)) upward.push(`${file} → ${target}`)
      }
    }
    expect(upward).toEqual([])
  })

  it('the kernel contracts import nothing', () => {
    expect(imports['kernel/contracts.ts']).toEqual([])
  })

  it('no browser code imports Node-only kernel sources', () => {
    const offending = Object.entries(imports).filter(
      ([file, targets]) => (file.startsWith('api/browser') || file.startsWith('service-worker') || file.startsWith('kernel/browser')) && targets.some((target) => target.startsWith('kernel/node')),
    )
    expect(offending).toEqual([])
  })

  it('the Service Worker script and the kernel share only worker-protocol/ (neither imports the other)', () => {
    const crossing = Object.entries(imports).flatMap(([file, targets]) =>
      targets
        .filter((target) => (file.startsWith('service-worker/') && !target.startsWith('service-worker/') && !target.startsWith('worker-protocol/')) || (!file.startsWith('service-worker/') && target.startsWith('service-worker/')))
        .map((target) => `${file} → ${target}`),
    )
    expect(crossing).toEqual([])
  })

  it('worker-protocol/ imports nothing outside itself', () => {
    const outside = Object.entries(imports).filter(([file, targets]) => file.startsWith('worker-protocol/') && targets.some((target) => !target.startsWith('worker-protocol/')))
    expect(outside).toEqual([])
  })

  // A flow (kernel/*-flow.ts) says what becomes of one kind of exchange; a source
  // (the kernel's subfolders: node, browser, playwright, web-runtimes) says where
  // exchanges come from. Either side changes without the other.
  const isFlow = (file: string) => /^kernel\/[^/]+-flow\.ts$/.test(file)
  const isSource = (file: string) => /^kernel\/[^/]+\//.test(file)

  it('finds the flows and the sources', () => {
    expect(Object.keys(imports).filter(isFlow)).toEqual(expect.arrayContaining(['kernel/exchange-flow.ts', 'kernel/http-flow.ts', 'kernel/websocket-flow.ts']))
    expect(Object.keys(imports).filter(isSource).length).toBeGreaterThan(20)
  })

  it('flows import no source', () => {
    const offending = Object.entries(imports).flatMap(([file, targets]) => (isFlow(file) ? targets.filter(isSource).map((target) => `${file} → ${target}`) : []))
    expect(offending).toEqual([])
  })

  it('sources import no dsl', () => {
    const offending = Object.entries(imports).flatMap(([file, targets]) => (isSource(file) ? targets.filter((target) => target.startsWith('dsl/')).map((target) => `${file} → ${target}`) : []))
    expect(offending).toEqual([])
  })
})
