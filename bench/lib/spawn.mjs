import { spawn } from 'node:child_process'

/** Runs `node ...args` and parses the last JSON line it prints. */
export function runNode(args, { timeoutMs = 120_000, env } = {}) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } })
    let out = ''
    let err = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.stderr.on('data', (chunk) => (err += chunk))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('close', (code) => {
      clearTimeout(timer)
      const line = out.trim().split('\n').pop() ?? ''
      try {
        resolve(JSON.parse(line))
      } catch {
        resolve({ error: `exit ${code}: ${(err || out).trim().split('\n').slice(0, 3).join(' | ')}` })
      }
    })
  })
}
