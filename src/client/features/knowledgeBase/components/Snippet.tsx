/**
 * A search snippet: plain-text segments from the server, matches wrapped in <mark>. React escapes
 * every piece, so whatever an article or a query holds is shown as text, never as markup.
 */
import type { SnippetSegment } from '../../../../common/knowledgeBase';

export function Snippet({ segments }: { segments: readonly SnippetSegment[] }) {
  return (
    <>
      {segments.map((segment, index) =>
        segment.match ? (
          <mark key={index}>{segment.text}</mark>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}
