// Stands in for `debug` in the @mswjs/interceptors code the ESM build bundles: `debug` is CommonJS (its
// `require('tty')` cannot run in an ES chunk) and slowed the cold start. Enabled by DEBUG, as `debug` is.

type Logger = ((...args: unknown[]) => void) & { enabled: boolean; namespace: string; log?: (...args: unknown[]) => void; useColors?: boolean }

/** As `debug`: a namespace matching a `-pattern` is off, else on when it matches a pattern. */
function isEnabled(namespace: string): boolean {
  const value = globalThis.process?.env?.DEBUG
  if (!value) return false
  let included = false
  for (const part of value.split(/[\s,]+/)) {
    if (part === '') continue
    const negated = part.startsWith('-')
    const source = (negated ? part.slice(1) : part).replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*?')
    if (!new RegExp(`^${source}$`).test(namespace)) continue
    if (negated) return false
    included = true
  }
  return included
}

function debug(namespace: string): Logger {
  const logger = ((...args: unknown[]) => {
    if (!logger.enabled) return
    const [first = '', ...rest] = args
    ;(logger.log ?? debug.log)(`${namespace} ${String(first)}`, ...rest)
  }) as Logger
  logger.namespace = namespace
  logger.enabled = isEnabled(namespace)
  return logger
}

debug.log = (...args: unknown[]): void => console.error(...args)

export default debug
