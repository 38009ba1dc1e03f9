import {
  ExpandOutlined,
  OneToOneOutlined,
  RotateRightOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../../components/HoverTooltip';
import { printImages } from '../print';
import { errorKeyOfResponse, type ViewerProps } from './types';

const STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.5, 2, 3, 4];

/**
 * A picture as the server drew it (upright by its EXIF orientation, at most 2048 px): fitted to the
 * window, or zoomed and scrolled; it can be turned for reading.
 */
export default function ImageViewer({ view, setPrint, onError }: ViewerProps) {
  const { t } = useTranslation();
  const [zoom, setZoom] = useState<number | 'fit'>('fit');
  const [turn, setTurn] = useState(0);
  const [natural, setNatural] = useState<{ width: number; height: number }>();
  const src = view.urls.image;

  useEffect(() => {
    setPrint(() => printImages([src]));
    return () => setPrint(undefined);
  }, [src, setPrint]);

  const step = (direction: 1 | -1) => {
    const current = zoom === 'fit' ? 1 : zoom;
    const next =
      direction > 0
        ? STEPS.find((s) => s > current + 0.001)
        : [...STEPS].reverse().find((s) => s < current - 0.001);
    if (next) setZoom(next);
  };
  const sized =
    zoom !== 'fit' && natural
      ? { width: natural.width * zoom, height: natural.height * zoom, maxWidth: 'none', maxHeight: 'none' }
      : {};

  return (
    <div className="cirrus-image">
      <div className={`cirrus-image-stage${zoom === 'fit' ? ' is-fit' : ''}`}>
        {!natural && <Spin className="cirrus-preview-spin" size="large" />}
        <img
          src={src}
          alt={view.fname}
          style={{ ...sized, transform: turn ? `rotate(${turn}deg)` : undefined }}
          onLoad={(event) =>
            setNatural({ width: event.currentTarget.naturalWidth, height: event.currentTarget.naturalHeight })
          }
          onError={() => void errorKeyOfResponse(src).then(onError)}
        />
      </div>
      <div className="cirrus-preview-float" role="toolbar" aria-label={t('preview.toolbar')}>
        <HoverTooltip title={t('preview.zoomOut')}>
          <Button
            type="text"
            icon={<ZoomOutOutlined />}
            aria-label={t('preview.zoomOut')}
            onClick={() => step(-1)}
          />
        </HoverTooltip>
        <span className="cirrus-preview-scale">
          {zoom === 'fit' ? t('preview.fitPage') : `${Math.round(zoom * 100)}%`}
        </span>
        <HoverTooltip title={t('preview.zoomIn')}>
          <Button
            type="text"
            icon={<ZoomInOutlined />}
            aria-label={t('preview.zoomIn')}
            onClick={() => step(1)}
          />
        </HoverTooltip>
        <HoverTooltip title={t('preview.actualSize')}>
          <Button
            type="text"
            icon={<OneToOneOutlined />}
            aria-label={t('preview.actualSize')}
            onClick={() => setZoom(1)}
          />
        </HoverTooltip>
        <HoverTooltip title={t('preview.fitPage')}>
          <Button
            type="text"
            icon={<ExpandOutlined />}
            aria-label={t('preview.fitPage')}
            onClick={() => setZoom('fit')}
          />
        </HoverTooltip>
        <HoverTooltip title={t('preview.rotate')}>
          <Button
            type="text"
            icon={<RotateRightOutlined />}
            aria-label={t('preview.rotate')}
            onClick={() => setTurn((turn + 90) % 360)}
          />
        </HoverTooltip>
      </div>
    </div>
  );
}
