import { PREVIEW_HIGHLIGHT_MAX_BYTES } from '@cirrus/shared';
import { Alert, Checkbox, Segmented, Spin } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import 'highlight.js/styles/github.css';
import { ApiError } from '../../../api/http';
import { useText } from '../queries';
import { highlight } from './highlight';
import { pageKeyOf, type ViewerProps } from './types';

/** What a rendered HTML file may do in its frame: nothing but show itself (no script, no loads from outside). */
const FRAME_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:";

/**
 * Text and code: line numbers, syntax highlighting up to PREVIEW_HIGHLIGHT_MAX_BYTES, optional
 * wrapping. An HTML file shows its source; "rendered" shows it in a sandboxed frame (an opaque
 * origin without scripts) under a Content-Security-Policy that blocks every outside load.
 */
export default function TextViewer({ view, onError }: ViewerProps) {
  const { t } = useTranslation();
  const text = useText(view.urls.content);
  const [html, setHtml] = useState<string | null>(null);
  const [wrap, setWrap] = useState(view.kind === 'text');
  const isHtml = view.extname === 'html' || view.extname === 'htm';
  const [mode, setMode] = useState<'source' | 'rendered'>('source');
  const content = text.data ?? '';
  const large = content.length > PREVIEW_HIGHLIGHT_MAX_BYTES;

  useEffect(() => {
    if (text.isError) onError(text.error instanceof ApiError ? pageKeyOf(text.error) : 'serverError');
  }, [text.isError, text.error, onError]);

  useEffect(() => {
    let live = true;
    setHtml(null);
    if (view.kind !== 'code' || !content || large) return;
    void highlight(content, view.extname).then((out) => live && setHtml(out));
    return () => {
      live = false;
    };
  }, [content, view.kind, view.extname, large]);

  const lines = useMemo(() => {
    const count = content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
    return Array.from({ length: Math.max(1, count) }, (_, i) => i + 1).join('\n');
  }, [content]);

  if (text.isPending) return <Spin className="cirrus-preview-spin" size="large" />;
  return (
    <div className="cirrus-text">
      <div className="cirrus-text-options">
        {isHtml && (
          <Segmented
            size="small"
            value={mode}
            onChange={(value) => setMode(value as 'source' | 'rendered')}
            options={[
              { label: t('preview.source'), value: 'source' },
              { label: t('preview.rendered'), value: 'rendered' },
            ]}
          />
        )}
        {mode === 'source' && (
          <Checkbox checked={wrap} onChange={(event) => setWrap(event.target.checked)}>
            {t('preview.wrap')}
          </Checkbox>
        )}
        {view.kind === 'code' && large && <Alert type="info" showIcon title={t('preview.plainText')} />}
      </div>
      {mode === 'rendered' ? (
        <div className="cirrus-text-frame">
          <p className="cirrus-text-hint">{t('preview.renderedHint')}</p>
          <iframe
            title={view.fname}
            sandbox=""
            referrerPolicy="no-referrer"
            srcDoc={`<meta http-equiv="Content-Security-Policy" content="${FRAME_POLICY}">${content}`}
          />
        </div>
      ) : (
        <div className={`cirrus-text-page${wrap ? ' is-wrapped' : ''}`}>
          {!wrap && (
            <pre className="cirrus-text-gutter" aria-hidden>
              {lines}
            </pre>
          )}
          {html === null ? (
            <pre className="cirrus-text-code" data-testid="text-content">
              {content}
            </pre>
          ) : (
            // highlight.js escapes the text; its output is its own spans only.
            <pre className="cirrus-text-code hljs" data-testid="text-content">
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: escaped by highlight.js */}
              <code dangerouslySetInnerHTML={{ __html: html }} />
            </pre>
          )}
        </div>
      )}
    </div>
  );
}
