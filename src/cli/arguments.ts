/**
 * Every command's reading of its arguments; each command words its own errors about what it finds. `values` are the
 * options followed by a value (`--port 9090` or `--port=9090`): of one given twice the last wins, one the arguments
 * end before has `undefined`. Positionals are the arguments that do not start with `--` and are no option's value.
 * `unknown` gets each option the table does not list (serve refuses them); without it they are skipped.
 */
export function parseArguments(args: readonly string[], table: { values: readonly string[]; flags?: readonly string[]; unknown?: (name: string) => void }) {
  const positionals: string[] = []
  const values = new Map<string, string | undefined>()
  const flags = new Set<string>()
  for (let index = 0; index < args.length; index++) {
    const arg = args[index]!
    if (!arg.startsWith('--')) {
      positionals.push(arg)
      continue
    }
    const [name, inline] = arg.split('=', 2) as [string, string | undefined]
    if (table.flags?.includes(name)) flags.add(name)
    else if (table.values.includes(name)) values.set(name, inline ?? args[++index])
    else table.unknown?.(name)
  }
  return { positionals, values, flags }
}
