import { describe, expect, test } from 'vitest';
import { renderMarkdown } from './markdown';

describe('renderMarkdown', () => {
  test('renders GitHub Markdown', () => {
    const html = renderMarkdown('# Title\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n- item');
    expect(html).toContain('<h1>Title</h1>');
    expect(html).toContain('<table>');
    expect(html).toContain('<li>item</li>');
  });

  test.each([
    ['<script>alert(1)</script>', '<script'],
    ['<img src=x onerror="alert(1)">', 'onerror'],
    ['[click](javascript:alert(1))', 'javascript:'],
    ['<iframe src="https://example.com"></iframe>', '<iframe'],
    ['<p style="position:fixed">x</p>', 'style='],
    ['<svg><script>alert(1)</script></svg>', '<script'],
  ])('sanitises %s', (markdown, forbidden) => {
    expect(renderMarkdown(markdown)).not.toContain(forbidden);
  });

  test('task lists keep read-only ticks; other inputs go', () => {
    const html = renderMarkdown(
      '- [x] done\n- [ ] todo\n\n<input type="text" value="x"><input type="checkbox" name="a">',
    );
    expect(html.match(/<input[^>]*>/g)).toEqual([
      '<input checked="" disabled="" type="checkbox">',
      '<input disabled="" type="checkbox">',
      '<input type="checkbox" name="a" disabled="">',
    ]);
  });

  test("another site's picture is a link to it, never loaded by the viewer (a tracking pixel)", () => {
    const html = renderMarkdown('![pixel](https://tracker.example/p.gif) ![logo](/api/v3/images/3.png)');
    expect(html).not.toContain('<img src="https://tracker.example');
    for (const other of [
      '<img srcset="https://t.example/p.gif">',
      '<picture><source srcset="https://t.example/p.gif"></picture>',
      '<video poster="https://t.example/p.gif" src="https://t.example/v.mp4"></video>',
      '<audio autoplay src="https://t.example/a.mp3"></audio>',
      '<table background="https://t.example/p.gif"><tr><td>x</td></tr></table>',
    ])
      expect(renderMarkdown(other)).not.toContain('t.example');
    expect(html).toContain(
      '<a href="https://tracker.example/p.gif" rel="noopener noreferrer nofollow" target="_blank">🖼 pixel</a>',
    );
    expect(html).toContain(
      '<img src="/api/v3/images/3.png" alt="logo" referrerpolicy="no-referrer" loading="lazy">',
    );
  });

  test('links open in a new tab without the opener', () => {
    expect(renderMarkdown('[site](https://example.com)')).toContain(
      '<a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
  });
});
