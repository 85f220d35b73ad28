/**
 * [XSS] Safe rendering: the hostile fixture article (raw <script>, <img onerror>, javascript:/data:
 * links — __tests__/fixtures/kb-xss, never shipped) goes through the server's Markdown renderer and
 * the article body component, and comes out as harmless text. Search snippets are React text with
 * <mark>, so markup in an article or a query never becomes HTML.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { ArticleBody } from '../../../../../src/client/features/knowledgeBase/components/ArticleBody';
import { Snippet } from '../../../../../src/client/features/knowledgeBase/components/Snippet';
import { snippetSegments, MARK_END, MARK_START } from '../../../../../src/common/knowledgeBase';
import { parseFrontMatter } from '../../../../../src/server/content/frontMatter';
import { renderMarkdown } from '../../../../../src/server/content/markdown';

const HOSTILE = path.resolve(__dirname, '../../../../fixtures/kb-xss/knowledge-base/safety/hostile.md');

describe('[XSS] the hostile article renders inert', () => {
  const { body } = parseFrontMatter(readFileSync(HOSTILE, 'utf8'), 'hostile.md');
  const html = renderMarkdown(body);

  it('the server renderer escapes raw HTML and makes no script, data or off-site links', () => {
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img/i);
    expect(html).not.toMatch(/<a\s/i); // none of the fixture's links is a same-site path
    expect(html).toContain('&lt;script&gt;');
  });

  it('the article body shows the hostile markup as text: no script, image, handler or javascript: link in the DOM', () => {
    (window as unknown as { __xss?: number }).__xss = undefined;
    const { container } = render(
      <MemoryRouter>
        <ArticleBody html={html} />
      </MemoryRouter>,
    );
    expect(container.querySelector('script, img, iframe, object, embed')).toBeNull();
    expect(container.querySelector('[onerror], [onclick], [onload]')).toBeNull();
    for (const a of Array.from(container.querySelectorAll('a'))) expect(a.getAttribute('href')).toMatch(/^\/(?![/\\])/);
    expect(container.textContent).toContain("<script>window.__xss = 1; alert('xss')</script>");
    expect(container.textContent).toContain('[this harmless-looking link](javascript:alert(1))');
    expect((window as unknown as { __xss?: number }).__xss).toBeUndefined();
  });

  it('snippets render matches in <mark> and any markup as text', () => {
    const { container } = render(<Snippet segments={snippetSegments(`<img src=x onerror=alert(1)> the ${MARK_START}APR${MARK_END} <b>is</b>`)} />);
    expect(container.querySelector('img, b')).toBeNull();
    expect(screen.getByText('APR').tagName).toBe('MARK');
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> the APR <b>is</b>');
  });
});
