let allowed: boolean | undefined

/**
 * Whether this realm lets a script build functions from text (`new Function`):
 * Node does, and so does a page whose Content-Security-Policy does not forbid
 * `'unsafe-eval'`. Asked once: a refusal costs a CSP violation report each time.
 *
 * @example
 * const engine = codeGenerationAllowed() ? 'compiled' : 'interpreted'
 */
export function codeGenerationAllowed(): boolean {
  if (allowed === undefined) {
    try {
      // eslint-disable-next-line @typescript-eslint/no-implied-eval -- the probe itself
      new Function('')
      allowed = true
    } catch {
      allowed = false
    }
  }
  return allowed
}
