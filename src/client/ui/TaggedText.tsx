/**
 * A translated sentence with parts marked `<name>…</name>` (a link, bold words): each part is
 * rendered by `parts[name]`, the rest is text. The sentence stays whole in the catalog, so a
 * translation can put the link where its grammar wants it.
 */
import { Fragment, type ReactNode } from 'react';

const TAG = /<(\w+)>(.*?)<\/\1>/g;

export function TaggedText({ text, parts }: { text: string; parts: Record<string, (words: string) => ReactNode> }) {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    out.push(text.slice(last, match.index));
    const render = parts[match[1]!];
    out.push(<Fragment key={match.index}>{render ? render(match[2]!) : match[2]}</Fragment>);
    last = match.index + match[0].length;
  }
  out.push(text.slice(last));
  return <>{out}</>;
}
