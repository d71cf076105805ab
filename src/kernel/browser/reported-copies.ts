/**
 * Two copies of a real response: one for the page, one for the runtime's
 * report (events, recording, contract checks). The page cancelling its body
 * (an EventSource closed, a reader cancelled) cancels the report's too: a
 * copy that no one reads to the end must not keep the network stream open, as
 * a plain `clone()` would. Status, headers, `url`, `type` and `redirected`
 * are the real response's.
 *
 * @example
 * const [forPage, forReport] = reportedCopies(await realFetch(request))
 */
export function reportedCopies(response: Response): [forPage: Response, forReport: Response] {
  if (response.body === null) return [response, response.clone()]
  const [pageBranch, reportBranch] = response.body.tee()
  const reportReader = reportBranch.getReader()
  const pageReader = pageBranch.getReader()
  const report = pulledFrom(reportReader, (reason) => reportReader.cancel(reason))
  const page = pulledFrom(pageReader, async (reason) => {
    await Promise.all([pageReader.cancel(reason), reportReader.cancel(reason)])
  })
  return [shaped(response, page), shaped(response, report)]
}

/** A stream that reads `reader` as it is read (no chunk read ahead), and cancels as `cancel` says. */
function pulledFrom(reader: ReadableStreamDefaultReader<Uint8Array>, cancel: (reason: unknown) => Promise<void>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const { done, value } = await reader.read()
        if (done) controller.close()
        else controller.enqueue(value)
      },
      cancel,
    },
    { highWaterMark: 0 },
  )
}

/** A Response with `body` and the head of `like`, the properties the constructor cannot set included. */
function shaped(like: Response, body: ReadableStream<Uint8Array>): Response {
  const response = new Response(body, { status: like.status, statusText: like.statusText, headers: like.headers })
  Object.defineProperties(response, {
    url: { value: like.url, enumerable: true, configurable: true },
    type: { value: like.type, enumerable: true, configurable: true },
    redirected: { value: like.redirected, enumerable: true, configurable: true },
  })
  return response
}
