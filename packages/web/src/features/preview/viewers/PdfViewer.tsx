import {
  ColumnWidthOutlined,
  ExpandOutlined,
  LeftOutlined,
  RightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Spin } from 'antd';
import * as pdfjs from 'pdfjs-dist';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { EventBus, LinkTarget, PDFLinkService, PDFViewer } from 'pdfjs-dist/web/pdf_viewer.mjs';
import { HoverTooltip } from '../../../components/HoverTooltip';
import 'pdfjs-dist/web/pdf_viewer.css';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PreviewPageKey } from '../PreviewErrorPanel';
import { type PrintHandler, printImages } from '../print';

pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

/** Character maps and the standard fonts, for PDFs that do not embed theirs (CJK ones often do not). */
const CMAP_URL = `${import.meta.env.BASE_URL}pdfjs/cmaps/`;
const STANDARD_FONTS_URL = `${import.meta.env.BASE_URL}pdfjs/standard_fonts/`;
/** Pages are printed at 150 dpi: sharp on paper, light enough for a long document. */
const PRINT_SCALE = 150 / 72;

/** Which error page a failure to open the PDF shows. */
export function pdfErrorKey(error: unknown): PreviewPageKey {
  const name = (error as { name?: string })?.name;
  if (name === 'PasswordException') return 'passwdEncrypted';
  if (name === 'InvalidPDFException') return 'invalidFile';
  const status = (error as { status?: number })?.status;
  if (name === 'ResponseException' || typeof status === 'number') {
    switch (status) {
      case 401:
        return 'userNotLogin';
      case 403:
        return 'permissionDenied';
      case 404:
        return 'fileNotExists';
      case 413:
        return 'fileTooLarge';
      case 422:
        return 'invalidFile';
      case 0:
        return 'timeout';
      default:
        return 'serverError';
    }
  }
  return 'invalidFile';
}

async function renderForPrint(doc: pdfjs.PDFDocumentProxy): Promise<string[]> {
  const urls: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const page = await doc.getPage(n);
    const viewport = page.getViewport({ scale: PRINT_SCALE });
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    const canvasContext = canvas.getContext('2d');
    if (!canvasContext) break;
    await page.render({ canvas, canvasContext, viewport, intent: 'print' }).promise;
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve));
    if (blob) urls.push(URL.createObjectURL(blob));
    page.cleanup();
  }
  return urls;
}

interface Props {
  url: string;
  setPrint: (handler: PrintHandler | undefined) => void;
  onError: (key: PreviewPageKey) => void;
}

/**
 * A PDF in the page (pdf.js): pages rendered as they scroll into view, a text layer so text can be
 * selected and copied, links that open in a new tab, paging and zoom. The document's scripts never
 * run (no scripting manager, no eval). Bytes come by Range requests, so a long document shows its
 * first pages before the rest has arrived.
 */
export default function PdfViewer({ url, setPrint, onError }: Props) {
  const { t } = useTranslation();
  const containerRef = useRef<HTMLDivElement>(null);
  const viewerRef = useRef<HTMLDivElement>(null);
  const pdfViewer = useRef<PDFViewer | null>(null);
  const [pages, setPages] = useState(0);
  const [page, setPage] = useState(1);
  const [scale, setScale] = useState(1);
  const [loading, setLoading] = useState(true);
  const onErrorRef = useRef(onError);
  onErrorRef.current = onError;

  useEffect(() => {
    const container = containerRef.current;
    const viewerElement = viewerRef.current;
    if (!container || !viewerElement) return;
    const eventBus = new EventBus();
    const linkService = new PDFLinkService({
      eventBus,
      externalLinkTarget: LinkTarget.BLANK,
      externalLinkRel: 'noopener noreferrer nofollow',
    });
    const viewer = new PDFViewer({
      container,
      viewer: viewerElement,
      eventBus,
      linkService,
      annotationMode: pdfjs.AnnotationMode.ENABLE,
      textLayerMode: 1,
    });
    linkService.setViewer(viewer);
    pdfViewer.current = viewer;
    eventBus.on('pagesinit', () => {
      // pdf.js's "auto": the page's width, but no larger than a comfortable reading size.
      viewer.currentScaleValue = 'auto';
    });
    eventBus.on('pagechanging', (event: { pageNumber: number }) => setPage(event.pageNumber));
    eventBus.on('scalechanging', (event: { scale: number }) => setScale(event.scale));

    const task = pdfjs.getDocument({
      url,
      withCredentials: true,
      isEvalSupported: false,
      enableXfa: false,
      cMapUrl: CMAP_URL,
      cMapPacked: true,
      standardFontDataUrl: STANDARD_FONTS_URL,
    });
    let doc: pdfjs.PDFDocumentProxy | undefined;
    task.promise.then(
      (loaded) => {
        doc = loaded;
        viewer.setDocument(loaded);
        linkService.setDocument(loaded);
        setPages(loaded.numPages);
        setLoading(false);
        setPrint(async () => printImages(await renderForPrint(loaded)));
      },
      (error: unknown) => {
        if ((error as { name?: string })?.name === 'AbortException') return;
        onErrorRef.current(pdfErrorKey(error));
      },
    );
    return () => {
      setPrint(undefined);
      pdfViewer.current = null;
      viewer.setDocument(null as unknown as pdfjs.PDFDocumentProxy);
      void task.destroy();
      void doc?.destroy();
    };
  }, [url, setPrint]);

  const goTo = (n: number) => {
    if (pdfViewer.current && n >= 1 && n <= pages) pdfViewer.current.currentPageNumber = n;
  };

  return (
    <div className="cirrus-pdf">
      <div ref={containerRef} className="cirrus-pdf-container" data-testid="pdf-container">
        <div ref={viewerRef} className="pdfViewer" />
      </div>
      {loading && <Spin className="cirrus-preview-spin" size="large" />}
      {pages > 0 && (
        <div className="cirrus-preview-float" role="toolbar" aria-label={t('preview.toolbar')}>
          <HoverTooltip title={t('preview.prevPage')}>
            <Button
              type="text"
              icon={<LeftOutlined />}
              aria-label={t('preview.prevPage')}
              disabled={page <= 1}
              onClick={() => goTo(page - 1)}
            />
          </HoverTooltip>
          <span className="cirrus-preview-pages">
            <input
              key={page}
              className="cirrus-preview-page-input"
              inputMode="numeric"
              defaultValue={page}
              aria-label={t('preview.page')}
              onKeyDown={(event) => {
                if (event.key === 'Enter') goTo(Number(event.currentTarget.value));
              }}
              onBlur={(event) => {
                event.currentTarget.value = String(page);
              }}
            />
            <span>{t('preview.pageOf', { total: pages })}</span>
          </span>
          <HoverTooltip title={t('preview.nextPage')}>
            <Button
              type="text"
              icon={<RightOutlined />}
              aria-label={t('preview.nextPage')}
              disabled={page >= pages}
              onClick={() => goTo(page + 1)}
            />
          </HoverTooltip>
          <span className="cirrus-preview-float-divider" />
          <HoverTooltip title={t('preview.zoomOut')}>
            <Button
              type="text"
              icon={<ZoomOutOutlined />}
              aria-label={t('preview.zoomOut')}
              onClick={() => pdfViewer.current?.decreaseScale()}
            />
          </HoverTooltip>
          <span className="cirrus-preview-scale" data-testid="pdf-scale">
            {Math.round(scale * 100)}%
          </span>
          <HoverTooltip title={t('preview.zoomIn')}>
            <Button
              type="text"
              icon={<ZoomInOutlined />}
              aria-label={t('preview.zoomIn')}
              onClick={() => pdfViewer.current?.increaseScale()}
            />
          </HoverTooltip>
          <HoverTooltip title={t('preview.fitWidth')}>
            <Button
              type="text"
              icon={<ColumnWidthOutlined />}
              aria-label={t('preview.fitWidth')}
              onClick={() => {
                if (pdfViewer.current) pdfViewer.current.currentScaleValue = 'page-width';
              }}
            />
          </HoverTooltip>
          <HoverTooltip title={t('preview.fitPage')}>
            <Button
              type="text"
              icon={<ExpandOutlined />}
              aria-label={t('preview.fitPage')}
              onClick={() => {
                if (pdfViewer.current) pdfViewer.current.currentScaleValue = 'page-fit';
              }}
            />
          </HoverTooltip>
        </div>
      )}
    </div>
  );
}
