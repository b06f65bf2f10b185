/** Text with its matched words (marked **like this** by the store) in <mark>: text nodes only, never HTML. */
export function Marked({ text }: { text: string }) {
  const parts = text.split(/\*\*([^*]+)\*\*/g);
  return <>{parts.map((p, i) => (i % 2 === 1 ? <mark key={i}>{p}</mark> : p))}</>;
}
