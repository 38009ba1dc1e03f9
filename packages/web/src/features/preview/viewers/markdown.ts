/**
 * Markdown to safe HTML: marked (GitHub flavour) renders, DOMPurify keeps only inert markup. No
 * scripts, event handlers, styles, forms or frames survive (inputs only as a task list's read-only ticks); links open in a new tab without the
 * opener or a referrer, and pictures load without a referrer.
 */
import DOMPurify from 'dompurify';
import { marked } from 'marked';

const purify = DOMPurify();
purify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A' && node.getAttribute('href')) {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  // Task lists ("- [x] done") are the one input Markdown makes: read-only ticks, nothing else.
  if (node.tagName === 'INPUT') {
    if (node.getAttribute('type') !== 'checkbox') node.remove();
    else node.setAttribute('disabled', '');
  }
  if (node.tagName === 'IMG') {
    node.setAttribute('referrerpolicy', 'no-referrer');
    node.setAttribute('loading', 'lazy');
  }
});

export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { gfm: true, async: false });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'button', 'textarea', 'select', 'iframe', 'object', 'embed'],
    FORBID_ATTR: ['style'],
  });
}
