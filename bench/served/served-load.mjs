// node bench/served/served-load.mjs [--rounds 1] [--seconds 5] [--only mocklib,middleware,...]
// The mock server rows of `npm run bench` alone (see measure.mjs), printed as JSON: for profiling
// and quick comparisons (needs dist/: npm run build).
import { measureServed } from './measure.mjs'

const argv = process.argv.slice(2)
const option = (name) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined)
const result = await measureServed({
  rounds: Number(option('--rounds') ?? 1),
  seconds: Number(option('--seconds') ?? 5),
  ...(option('--only') && { only: option('--only').split(',') }),
})
console.log(JSON.stringify(result, null, 2))
