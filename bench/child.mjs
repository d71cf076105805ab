// One measurement in a fresh process: node bench/child.mjs <scenario> <impl> [--quick]
// Prints one JSON line: { value } or { error }.
const [scenarioName, implName, ...flags] = process.argv.slice(2)
const quick = flags.includes('--quick')
try {
  const scenario = await import(`./scenarios/${scenarioName}.mjs`)
  const adapter = await import(`./adapters/${implName}.mjs`)
  const value = await scenario.run(adapter, { quick })
  process.stdout.write(`${JSON.stringify({ value })}\n`)
  process.exit(0)
} catch (error) {
  process.stdout.write(`${JSON.stringify({ error: String(error?.stack ?? error).slice(0, 500) })}\n`)
  process.exit(1)
}
