/**
 * Markdown to safe HTML: marked (GitHub flavour) renders, DOMPurify keeps only inert markup. No
 * scripts, event handlers, styles, forms or frames survive (inputs only as a task list's read-only ticks); links open in a new tab without the
 * opener or a referrer. Pictures from other sites become links to them: loaded by the viewer, one
 * would tell its owner who opened the document and when (a tracking pixel in a shared file).
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
    const src = node.getAttribute('src') ?? '';
    if (isOtherSite(src)) {
      const link = node.ownerDocument.createElement('a');
      link.setAttribute('href', src);
      link.setAttribute('target', '_blank');
      link.setAttribute('rel', 'noopener noreferrer nofollow');
      link.textContent = `🖼 ${node.getAttribute('alt') || new URL(src, window.location.href).host}`;
      node.replaceWith(link);
      return;
    }
    node.setAttribute('referrerpolicy', 'no-referrer');
    node.setAttribute('loading', 'lazy');
  }
});

/** Whether an address is on another site than this page's (data: pictures stay in the document). */
function isOtherSite(src: string): boolean {
  try {
    const url = new URL(src, window.location.href);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin !== window.location.origin;
  } catch {
    return false;
  }
}

export function renderMarkdown(text: string): string {
  const html = marked.parse(text, { gfm: true, async: false });
  return purify.sanitize(html, {
    USE_PROFILES: { html: true },
    // Media and sources load from their own addresses, as pictures do: none of them.
    FORBID_TAGS: [
      'style',
      'form',
      'button',
      'textarea',
      'select',
      'iframe',
      'object',
      'embed',
      'picture',
      'source',
      'video',
      'audio',
      'track',
    ],
    FORBID_ATTR: ['style', 'srcset', 'poster', 'background'],
  });
}
