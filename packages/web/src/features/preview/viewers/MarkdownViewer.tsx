import { Spin } from 'antd';
import { useEffect, useMemo } from 'react';
import { ApiError } from '../../../api/http';
import { useText } from '../queries';
import { renderMarkdown } from './markdown';
import { pageKeyOf, type ViewerProps } from './types';

/** A Markdown file rendered as a page, sanitised (markdown.ts). */
export default function MarkdownViewer({ view, onError }: ViewerProps) {
  const text = useText(view.urls.content);
  const html = useMemo(() => (text.data === undefined ? '' : renderMarkdown(text.data)), [text.data]);
  useEffect(() => {
    if (text.isError) onError(text.error instanceof ApiError ? pageKeyOf(text.error) : 'serverError');
  }, [text.isError, text.error, onError]);
  if (text.isPending) return <Spin className="cirrus-preview-spin" size="large" />;
  return (
    <div className="cirrus-markdown-page">
      <article
        className="cirrus-markdown"
        data-testid="markdown-content"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify (markdown.ts)
        dangerouslySetInnerHTML={{ __html: html }}
      />
    </div>
  );
}
