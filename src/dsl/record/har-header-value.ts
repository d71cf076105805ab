const LATIN1_ONLY = /^[\u0000-\u00ff]*$/

/**
 * A HAR header value as the characters a client reads off the wire: HTTP
 * header values are bytes, which Fetch, undici and node:http read one
 * character per byte (latin1). A value with characters above U+00FF cannot be
 * such a reading: the tool that wrote the file decoded the bytes as UTF-8
 * (browsers' DevTools do), so its UTF-8 bytes are what the server sent, and
 * they are replayed as such. Any other value is kept as it is.
 *
 * @example
 * wireHeaderValue('café') // 'café' (the bytes 63 61 66 E9)
 * wireHeaderValue('東京') // 'æ\u009d±äº¬' (the UTF-8 bytes E6 9D B1 E4 BA AC, as a client reads them)
 */
export function wireHeaderValue(value: string): string {
  if (LATIN1_ONLY.test(value)) return value
  let read = ''
  for (const byte of new TextEncoder().encode(value)) read += String.fromCharCode(byte)
  return read
}
