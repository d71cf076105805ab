// Bodies in a HAR: text when they are text, base64 otherwise, so binary bodies survive byte for byte.

const TEXTUAL = /^text\/|[/+](json|xml|javascript|ecmascript|x-www-form-urlencoded|graphql|html|csv|yaml)\b/i

// An untyped body is text when it is valid UTF-8 without control bytes.
export function encodeBody(bytes: Uint8Array, mimeType: string): { readonly text: string; readonly base64: boolean } {
  const textual = TEXTUAL.test(mimeType)
  if (mimeType === '' || textual) {
    const text = decodeUtf8(bytes)
    if (text !== undefined && (textual || !/[\u0000-\u0008\u000e-\u001f]/.test(text))) return { text, base64: false }
  }
  return { text: toBase64(bytes), base64: true }
}

export function decodeBody(text: string, base64: boolean): Uint8Array {
  return base64 ? fromBase64(text) : new TextEncoder().encode(text)
}

function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return undefined
  }
}

// btoa/atob exist in Node and browsers; chunks keep the argument lists short.
function toBase64(bytes: Uint8Array): string {
  let binary = ''
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000))
  }
  return btoa(binary)
}

function fromBase64(text: string): Uint8Array {
  const binary = atob(text)
  const bytes = new Uint8Array(binary.length)
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index)
  return bytes
}
