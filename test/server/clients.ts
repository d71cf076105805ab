// Real clients in other processes: curl, and Node's fetch in a child process.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** What curl got: status, headers (lower-cased names, several values joined), body. */
export interface CurlResult {
  readonly status: number
  readonly headers: Record<string, string[]>
  readonly body: string
  readonly exitCode: number
}

/** Runs curl with `args` (plus -sS and -i) and parses its answer. */
export async function curl(...args: string[]): Promise<CurlResult> {
  try {
    const { stdout } = await run('curl', ['-sS', '-i', '--max-time', '10', ...args], { encoding: 'latin1' })
    return parse(stdout, 0)
  } catch (error) {
    const failed = error as { code: number; stdout: string }
    return { ...parse(failed.stdout ?? '', failed.code), exitCode: failed.code }
  }
}

function parse(output: string, exitCode: number): CurlResult {
  // Interim answers (100 Continue) come first; the last head is the answer.
  const heads = output.split('\r\n\r\n')
  let index = 0
  while (/^HTTP\/[\d.]+ 1\d\d/.test(heads[index] ?? '') && index < heads.length - 1) index++
  const head = heads[index] ?? ''
  const body = heads.slice(index + 1).join('\r\n\r\n')
  const [statusLine = '', ...lines] = head.split('\r\n')
  const headers: Record<string, string[]> = {}
  for (const line of lines) {
    const colon = line.indexOf(':')
    if (colon > 0) (headers[line.slice(0, colon).toLowerCase()] ??= []).push(line.slice(colon + 1).trim())
  }
  return { status: Number(statusLine.split(' ')[1] ?? 0), headers, body, exitCode }
}

/** Runs `script` (an ES module body, top-level await allowed) in a fresh Node process; resolves with what it printed as JSON. */
export async function inChildProcess<Result>(script: string): Promise<Result> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { timeout: 15_000 })
  return JSON.parse(stdout) as Result
}
