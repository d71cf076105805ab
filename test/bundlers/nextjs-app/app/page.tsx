// A server component that fetches at request time: answered by the handlers.
export const dynamic = 'force-dynamic'

export default async function Page() {
  const response = await fetch('https://api.example.test/posts/7', { cache: 'no-store' })
  const post = (await response.json()) as { id: string; title: string }
  return <h1 id="title">{post.title}</h1>
}
