// The goals of issue 9 (kernel v2), each a ratio measured in the same run.
// `results[scenario][impl]` is the median of that measurement.

const get = (results, scenario, impl) => results[scenario]?.[impl]

function ratioGoal(text, numerator, denominator, limit) {
  return {
    text,
    evaluate(results) {
      const a = get(results, ...numerator)
      const b = get(results, ...denominator)
      if (a === undefined || b === undefined || !Number.isFinite(a) || !Number.isFinite(b)) return { status: 'pending' }
      const ratio = a / b
      return { status: ratio <= limit ? 'met' : 'not met', detail: `${ratio.toFixed(2)}x (limit ${limit}x)` }
    },
  }
}

function limitGoal(text, measure, limit, unit) {
  return {
    text,
    evaluate(results) {
      const value = get(results, ...measure)
      if (value === undefined || !Number.isFinite(value)) return { status: 'pending' }
      return { status: value <= limit ? 'met' : 'not met', detail: `${value.toFixed(2)} ${unit} (limit ${limit} ${unit})` }
    },
  }
}

export const goals = [
  ratioGoal('sequential fetch, 1 handler ≤ 1x fetch-mock', ['fetch-sequential', 'mocklib'], ['fetch-sequential', 'fetchmock'], 1),
  ratioGoal('sequential fetch, 1 handler ≤ 0.1x msw 3', ['fetch-sequential', 'mocklib'], ['fetch-sequential', 'msw3'], 0.1),
  ratioGoal('1000 handlers (match last) ≤ 1.1x 1 handler', ['fetch-1000', 'mocklib'], ['fetch-sequential', 'mocklib'], 1.1),
  ratioGoal('50 concurrent fetches ≤ 1x fetch-mock', ['fetch-concurrent', 'mocklib'], ['fetch-concurrent', 'fetchmock'], 1),
  ratioGoal('node:http GET ≤ 0.25x msw 3', ['http-get', 'mocklib'], ['http-get', 'msw3'], 0.25),
  // Issue 11: real-time traffic, beside msw 3 in the same run.
  ratioGoal('WebSocket round trip (client → handler → client) ≤ 0.3x msw 3', ['ws-roundtrip', 'mocklib'], ['ws-roundtrip', 'msw3'], 0.3),
  ratioGoal('SSE events (time per event) ≤ 0.3x msw 3', ['sse-events', 'mocklib'], ['sse-events', 'msw3'], 0.3),
  ratioGoal('cold start (import, one handler, listen, close) ≤ fetch-mock', ['cold-start', 'mocklib'], ['cold-start', 'fetchmock'], 1),
  ratioGoal('cold start + first mocked fetch ≤ fetch-mock', ['cold-first-fetch', 'mocklib'], ['cold-first-fetch', 'fetchmock'], 1),
  {
    text: '`graphql` not loaded for REST (import + one handler + listen + one request)',
    evaluate: (results) => {
      const loaded = results['graphql-loaded']?.mocklib
      if (loaded === undefined) return { status: 'pending' }
      return { status: loaded ? 'not met' : 'met', detail: loaded ? 'graphql was loaded' : 'graphql not loaded' }
    },
  },
  ratioGoal('creating and registering a handler ≤ MockAgent', ['create-handler', 'mocklib'], ['create-handler', 'mockagent'], 1),
  ratioGoal('GraphQL query, 1 handler ≤ 0.1x msw 3', ['graphql-1', 'mocklib'], ['graphql-1', 'msw3'], 0.1),
  ratioGoal('GraphQL flat: 200 handlers ≤ 1.2x 1 handler', ['graphql-200', 'mocklib'], ['graphql-1', 'mocklib'], 1.2),
  // Issue 26: the scenario measures both sides in one process and reports their ratio.
  limitGoal('contract(): a checked mocked fetch (20-pet Petstore page) ≤ 1.2x an unchecked one', ['contract-fetch', 'mocklib'], 1.2, 'x'),
  {
    text: 'memory: 100,000 requests leave the heap within 10 MB (also in boundaries)',
    evaluate: (results) => {
      const memory = results.memory?.mocklib
      if (memory === undefined) return { status: 'pending' }
      const worst = Math.max(memory.plainMB, memory.boundaryMB)
      return { status: worst <= 10 ? 'met' : 'not met', detail: `+${memory.plainMB.toFixed(2)} MB plain, +${memory.boundaryMB.toFixed(2)} MB in boundaries` }
    },
  },
  // Issue 35: the mock server over real sockets (requests per second: the others' share of mocklib's).
  ratioGoal('mock server requests/s: @mswjs/http-middleware ≤ 0.5x mocklib (mocklib ≥ 2x)', ['served-rps', 'middleware'], ['served-rps', 'mocklib'], 0.5),
  ratioGoal('mock server requests/s: Prism ≤ 1x mocklib (mocklib ahead)', ['served-rps', 'prism'], ['served-rps', 'mocklib'], 1),
]

// Issues 13 and 36: every style, on every compiler the bench finds, ≤ 0.8x msw 2 written with
// explicit generics, on the workload of bench/typecheck/generate.mjs.
for (const compiler of ['tsc 5.9', 'tsc 6.0', 'tsc 7.0']) {
  for (const style of ['http.* inferred', 'http.* explicit generics', 'mock.* builder']) {
    const row = `typecheck, ${style} (${compiler})`
    goals.push(ratioGoal(`type-check, ${style} (${compiler}) ≤ 0.8x msw 2 with generics`, [row, 'mocklib'], [row, 'msw2'], 0.8))
  }
}
