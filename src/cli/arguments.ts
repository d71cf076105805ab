interface OptionTable {
  /** Options followed by their value: `--port 9090` or `--port=9090`. */
  readonly values: readonly string[]
  readonly flags?: readonly string[]
  /** Gets each option the table does not list (a command that refuses them throws); without it they are skipped. */
  readonly unknown?: (name: string) => void
}

/**
 * Every command's reading of its arguments; each command words its own errors about what it finds. Of an option
 * given twice the last value wins; one the arguments end before has the value `undefined`. Positionals are the
 * arguments that do not start with `--` and are no option's value.
 */
export function parseArguments(args: readonly string[], table: OptionTable) {
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
