/** One static page, no framework: the journal, live over server-sent events. Text reaches the DOM through `textContent` only. */
export const INSPECTOR_PAGE = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>mocklib inspector</title>
<link rel="icon" href="data:,">
<style>
  body { font: 13px/1.4 system-ui, sans-serif; margin: 0; color: #1d1d1f; }
  header { display: flex; gap: 8px; align-items: center; padding: 8px 12px; background: #f4f4f6; border-bottom: 1px solid #ddd; position: sticky; top: 0; }
  header h1 { font-size: 14px; margin: 0 12px 0 0; }
  header input { flex: 1; max-width: 360px; padding: 4px 6px; }
  main { display: grid; grid-template-columns: minmax(0, 2fr) minmax(0, 1fr); height: calc(100vh - 42px); }
  #list { overflow: auto; }
  table { border-collapse: collapse; width: 100%; table-layout: fixed; }
  th, td { text-align: left; padding: 3px 8px; border-bottom: 1px solid #eee; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
  tbody tr { cursor: pointer; }
  tbody tr:hover { background: #f0f6ff; }
  tbody tr.selected { background: #dceaff; }
  .status-4, .status-5, .status-0 { color: #b00020; font-weight: 600; }
  .badge { font-size: 11px; padding: 0 5px; border-radius: 3px; background: #e8e8ec; }
  .badge.unhandled { background: #ffe2b8; }
  .badge.passthrough { background: #d8ecff; }
  .badge.failed, .badge.refused { background: #ffd6d6; }
  #detail { border-left: 1px solid #ddd; overflow: auto; padding: 8px 12px; }
  #detail h2 { font-size: 13px; margin: 12px 0 4px; }
  pre { background: #f7f7f9; padding: 6px; white-space: pre-wrap; word-break: break-all; margin: 0; }
  #detail img { max-width: 100%; }
  .empty { color: #777; padding: 12px; }
  .open { border: 1px solid #aaa; border-radius: 3px; padding: 1px 6px; background: #fff; cursor: pointer; }
  .open input { display: none; }
  .source { color: #555; font-size: 12px; }
</style>
</head>
<body>
<header>
  <h1>mocklib inspector</h1>
  <input id="filter" type="search" placeholder="Filter: method, URL, status, handler">
  <button id="clear" type="button">Clear</button>
  <button id="download" type="button">Download HAR</button>
  <label class="open">Open HAR <input id="open" type="file" accept=".har,.json,application/json"></label>
  <span id="state"></span>
</header>
<main>
  <div id="list">
    <table>
      <colgroup><col style="width: 78px"><col style="width: 76px"><col><col style="width: 68px"><col style="width: 46px"><col style="width: 22%"><col style="width: 12%"><col style="width: 90px"></colgroup>
      <thead><tr><th>Time</th><th>Method</th><th>URL</th><th>Status</th><th>ms</th><th>Handler</th><th>Source</th><th></th></tr></thead>
      <tbody id="rows"></tbody>
    </table>
    <p class="empty" id="empty">No requests yet.</p>
  </div>
  <section id="detail"><p class="empty">Select a request.</p></section>
</main>
<script>
(() => {
  const token = new URLSearchParams(location.search).get('token')
  const withToken = (path) => token ? path + (path.includes('?') ? '&' : '?') + 'token=' + encodeURIComponent(token) : path
  const QUIET_OUTCOMES = ['mocked', 'recorded']
  // The server's own origin goes without saying: its requests show their path.
  const shortUrl = (url) => url.startsWith(location.origin + '/') ? url.slice(location.origin.length) : url
  const contentType = (headers) => (headers.find(([name]) => name === 'content-type') || [])[1] || ''
  const entries = new Map()
  let selected
  const rows = document.getElementById('rows')
  const filter = document.getElementById('filter')
  const el = (tag, props = {}, children = []) => {
    const node = Object.assign(document.createElement(tag), props)
    for (const child of children) node.append(child)
    return node
  }
  const matches = (entry) => {
    const term = filter.value.trim().toLowerCase()
    if (!term) return true
    return [entry.method, entry.url, String(entry.status), entry.outcome, entry.handler ? entry.handler.header : ''].some((text) => text.toLowerCase().includes(term))
  }
  const row = (entry) => {
    const tr = el('tr', { className: entry.id === selected ? 'selected' : '' }, [
      el('td', { textContent: new Date(entry.startedAt).toLocaleTimeString([], { hour12: false }) }),
      el('td', { textContent: entry.method }),
      el('td', { textContent: shortUrl(entry.url), title: entry.url }),
      el('td', { className: 'status-' + String(entry.status)[0], textContent: entry.status === 0 ? 'error' : String(entry.status) }),
      el('td', { textContent: String(entry.durationMs) }),
      el('td', { textContent: entry.handler ? entry.handler.header : '', title: entry.handler ? entry.handler.header : '' }),
      el('td', { className: 'source', textContent: entry.handler && entry.handler.source ? entry.handler.source.split(/[\\\\/]/).pop() : '', title: entry.handler && entry.handler.source || '' }),
      el('td', {}, QUIET_OUTCOMES.includes(entry.outcome) ? [] : [el('span', { className: 'badge ' + entry.outcome, textContent: entry.outcome })]),
    ])
    tr.dataset.id = entry.id
    tr.addEventListener('click', () => show(entry.id))
    return tr
  }
  const render = () => {
    const visible = [...entries.values()].filter(matches).sort((a, b) => b.startedAt - a.startedAt)
    rows.replaceChildren(...visible.map(row))
    document.getElementById('empty').hidden = entries.size > 0
  }
  const bodyView = (body, headers) => {
    if (!body) return el('p', { className: 'empty', textContent: 'No body.' })
    const type = contentType(headers)
    if (body.encoding === 'base64' && type.startsWith('image/')) return el('img', { src: 'data:' + type + ';base64,' + body.text, alt: 'response image' })
    let text = body.text
    if (/json/.test(type)) { try { text = JSON.stringify(JSON.parse(text), null, 2) } catch {} }
    return el('pre', { textContent: text + (body.truncated ? '\\n… (' + body.size + '+ bytes, cut)' : '') + (body.encoding === 'base64' ? '\\n(base64)' : '') })
  }
  const headerView = (headers) => el('pre', { textContent: headers.map(([name, value]) => name + ': ' + value).join('\\n') || '(none)' })
  const show = (id) => {
    selected = id
    const entry = entries.get(id)
    const detail = document.getElementById('detail')
    render()
    if (!entry) return detail.replaceChildren(el('p', { className: 'empty', textContent: 'Select a request.' }))
    detail.replaceChildren(
      el('h2', { textContent: entry.method + ' ' + entry.url }),
      el('p', { textContent: 'Status ' + entry.status + ' · ' + entry.outcome + (entry.handler ? ' · answered by ' + entry.handler.kind + ' ' + entry.handler.header + (entry.handler.source ? ' (' + entry.handler.source + ')' : '') : '') + ' · ' + entry.durationMs + ' ms' + (entry.failure ? ' · ' + entry.failure : '') }),
      el('h2', { textContent: 'Request headers' }), headerView(entry.request.headers),
      el('h2', { textContent: 'Request body' }), bodyView(entry.request.body, entry.request.headers),
      el('h2', { textContent: 'Response headers' }), headerView(entry.response.headers),
      el('h2', { textContent: 'Response body' }), bodyView(entry.response.body, entry.response.headers),
    )
  }
  const har = () => ({ log: { version: '1.2', creator: { name: 'mocklib inspector', version: '1' }, entries: [...entries.values()].filter((entry) => entry.status > 0).map((entry) => {
    const header = (headers) => headers.map(([name, value]) => ({ name, value }))
    const url = new URL(entry.url)
    return {
      startedDateTime: new Date(entry.startedAt).toISOString(), time: entry.durationMs,
      request: { method: entry.method, url: entry.url, httpVersion: 'HTTP/1.1', headers: header(entry.request.headers), queryString: [...url.searchParams].map(([name, value]) => ({ name, value })), cookies: [], headersSize: -1, bodySize: entry.request.body ? entry.request.body.size : 0,
        ...(entry.request.body && { postData: { mimeType: contentType(entry.request.headers), text: entry.request.body.text } }) },
      response: { status: entry.status, statusText: '', httpVersion: 'HTTP/1.1', headers: header(entry.response.headers), cookies: [], redirectURL: '', headersSize: -1, bodySize: entry.response.body ? entry.response.body.size : 0,
        content: { size: entry.response.body ? entry.response.body.size : 0, mimeType: contentType(entry.response.headers), ...(entry.response.body && { text: entry.response.body.text }), ...(entry.response.body && entry.response.body.encoding && { encoding: 'base64' }) } },
      cache: {}, timings: { send: 0, wait: entry.durationMs, receive: 0 },
      _mocklib: { outcome: entry.outcome, ...(entry.handler && { handler: entry.handler }) },
    }
  }) } })
  // A HAR entry as a journal entry: a recording from a test run, or a download of this page (its _mocklib fields).
  const fromHar = (har) => har.log.entries.map((item, index) => {
    const headers = (list) => (list || []).map(({ name, value }) => [name.toLowerCase(), value])
    const body = (text, encoding) => text ? { text, size: encoding === 'base64' ? Math.floor(text.length * 3 / 4) : new Blob([text]).size, ...(encoding === 'base64' && { encoding }) } : undefined
    const extra = item._mocklib || {}
    return {
      id: 'har-' + index, method: item.request.method, url: item.request.url, startedAt: Date.parse(item.startedDateTime) || 0,
      durationMs: Math.round(item.time || 0), status: item.response.status, outcome: extra.outcome || 'recorded',
      ...(extra.handler && { handler: extra.handler }), ...(item.comment && { failure: item.comment }),
      request: { headers: headers(item.request.headers), body: item.request.postData && body(item.request.postData.text) },
      response: { headers: headers(item.response.headers), body: body(item.response.content && item.response.content.text, item.response.content && item.response.content.encoding) },
    }
  })
  const state = document.getElementById('state')
  const showHar = (har, name) => {
    entries.clear()
    for (const entry of fromHar(har)) entries.set(entry.id, entry)
    show(undefined)
    state.textContent = name + ': ' + entries.size + ' recorded request' + (entries.size === 1 ? '' : 's')
  }
  document.getElementById('open').addEventListener('change', async (event) => {
    const file = event.target.files[0]
    if (!file) return
    try { showHar(JSON.parse(await file.text()), file.name) } catch (error) { state.textContent = file.name + ' is no HAR file: ' + error.message }
  })
  filter.addEventListener('input', render)
  document.getElementById('clear').addEventListener('click', () => {
    entries.clear()
    show(undefined)
    fetch(withToken('api/reset'), { method: 'POST' })
  })
  document.getElementById('download').addEventListener('click', () => {
    const link = el('a', { href: URL.createObjectURL(new Blob([JSON.stringify(har(), null, 2)], { type: 'application/json' })), download: 'mocklib-' + new Date().toISOString().replace(/[:.]/g, '-') + '.har' })
    document.body.append(link)
    link.click()
    link.remove()
  })
  const params = new URLSearchParams(location.search)
  if (params.has('har')) {
    fetch(withToken('api/har')).then((response) => response.json()).then((har) => showHar(har, params.get('har') || 'recording'))
    return
  }
  const events = new EventSource(withToken('api/events'))
  const take = (event) => {
    const entry = JSON.parse(event.data)
    entries.set(entry.id, entry)
    if (entry.id === selected) show(entry.id)
    else render()
  }
  events.addEventListener('request', take)
  events.addEventListener('update', take)
  events.addEventListener('reset', () => { entries.clear(); show(undefined) })
  events.addEventListener('open', () => { state.textContent = 'live' })
  events.addEventListener('error', () => { state.textContent = 'reconnecting…' })
  fetch(withToken('api/requests')).then((response) => response.json()).then((list) => {
    for (const entry of list) if (!entries.has(entry.id)) entries.set(entry.id, entry)
    render()
  })
})()
</script>
</body>
</html>
`
