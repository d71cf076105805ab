import { readFileSync } from 'node:fs'
import { NULL_BODY_STATUSES } from '../kernel/index.js'
import { parseHar, type HarEntry } from '../dsl/index.js'
import { contract } from '../openapi/contract.js'
import type { ContractViolation } from '../openapi/violation.js'
import { parseArguments } from './arguments.js'

export const CONTRACT_USAGE = `Usage: npx mocklib contract <openapi.yaml|json> <recording.har> [--base-url <url>] [--undocumented]

  Checks every exchange recorded in <recording.har> against the OpenAPI 3.0/3.1
  document: the request's parameters and body, the response's status, content
  type, headers and body. Prints the violations; exits with 1 if there is any,
  or if no recorded exchange is an operation of the document (nothing checked).
  --base-url: where the API lives when the document's servers do not say it.
  --undocumented: also report requests for operations the document does not describe.`

function exchangeOf(entry: HarEntry): { request: Request; response: Response } {
  const { request: recorded, response: answer } = entry
  const requestHeaders = new Headers()
  for (const { name, value } of recorded.headers) if (!name.startsWith(':')) requestHeaders.append(name, value)
  const postData = recorded.postData
  if (postData?.mimeType && !requestHeaders.has('content-type')) requestHeaders.set('content-type', postData.mimeType)
  const hasBody = postData?.text !== undefined && recorded.method !== 'GET' && recorded.method !== 'HEAD'
  const request = new Request(recorded.url, { method: recorded.method, headers: requestHeaders, ...(hasBody ? { body: postData!.text! } : {}) })
  const responseHeaders = new Headers()
  for (const { name, value } of answer.headers) if (!name.startsWith(':') && name.toLowerCase() !== 'set-cookie') responseHeaders.append(name, value)
  if (answer.content.mimeType && !responseHeaders.has('content-type')) responseHeaders.set('content-type', answer.content.mimeType)
  const text = answer.content.text
  const body = text === undefined || NULL_BODY_STATUSES.has(answer.status) ? null : answer.content.encoding === 'base64' ? Uint8Array.from(atob(text), (char) => char.charCodeAt(0)) : text
  return { request, response: new Response(body, { status: answer.status, headers: responseHeaders }) }
}

async function examineRecording(document: string | object, harText: string, options: { baseUrl?: string; undocumented?: boolean }) {
  // Undocumented exchanges are always found, to count the described ones.
  const api = await contract(document, { undocumented: 'error', ...(options.baseUrl !== undefined && { baseUrl: options.baseUrl }) })
  const violations: ContractViolation[] = []
  let recorded = 0
  let described = 0
  for (const entry of parseHar(harText).log.entries) {
    if (entry.response.status === 0) continue // the request failed: nothing was answered
    recorded++
    const found = await api.violationsOf(exchangeOf(entry))
    const undocumented = found.length > 0 && found.every((violation) => violation.rule === 'undocumented')
    if (!undocumented) described++
    if (!undocumented || options.undocumented) violations.push(...found)
  }
  return { violations, described, recorded }
}

/** The violations of every entry of `harText` against `document`, in recorded order. */
export async function checkRecording(document: string | object, harText: string, options: { baseUrl?: string; undocumented?: boolean } = {}): Promise<ContractViolation[]> {
  return (await examineRecording(document, harText, options)).violations
}

export async function runContract(args: readonly string[], fail: (text: string) => never): Promise<number> {
  const { positionals: [documentFile, harFile], values, flags } = parseArguments(args, { values: ['--base-url'], flags: ['--undocumented'] })
  const baseUrl = values.get('--base-url')
  if (values.has('--base-url') && !baseUrl) fail('contract: --base-url needs a URL.')
  if (!documentFile || !harFile) fail('contract needs the OpenAPI document and the HAR recording to check.')
  let harText: string
  try {
    harText = readFileSync(harFile, 'utf8')
  } catch (error) {
    fail(`contract could not read ${harFile} (${(error as Error).message}).`)
  }
  const options = { ...(baseUrl !== undefined && { baseUrl }), undocumented: flags.has('--undocumented') }
  const { violations, described, recorded } = await examineRecording(documentFile, harText, options).catch((error: Error) => fail(error.message.replace(/^\[mocklib\] /, '')))
  if (described === 0 && violations.length === 0) {
    console.log(
      `[mocklib] ${harFile}: none of its ${recorded} recorded exchange${recorded === 1 ? ' is an operation' : 's is an operation'} of ${documentFile}, so nothing was checked. If the API lives elsewhere than the document's servers, pass --base-url <url>.`,
    )
    return 1
  }
  if (violations.length === 0) {
    console.log(`[mocklib] ${harFile}: every exchange keeps the contract of ${documentFile} (${described} of ${recorded} recorded exchanges are operations of it).`)
    return 0
  }
  console.log(`[mocklib] ${harFile}: ${violations.length} contract violation${violations.length === 1 ? '' : 's'} against ${documentFile} (${described} of ${recorded} recorded exchanges are operations of it):`)
  for (const violation of violations) console.log(`  • ${violation.message}`)
  return 1
}
