// Bare Node: the baseline every cold start is measured against.
process.stdout.write(JSON.stringify({ value: performance.now() }))
