import { DownloadOutlined, DragOutlined, FolderOpenOutlined } from '@ant-design/icons';
import { formatRelativeTime, formatSize, hasPermission, type SearchFileHit, toMillis } from '@cirrus/shared';
import { Button, Checkbox, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FileThumb } from '../../components/FileThumb';
import { HoverTooltip } from '../../components/HoverTooltip';
import { useNotify } from '../../components/useNotify';
import { useNow } from '../../components/useNow';
import { useLanguage } from '../../i18n';
import { useDesktopDownload } from '../desktop/useDesktopDownload';
import { downloadUrlOf, startDownload } from '../drive/download';
import { Highlight } from './Highlight';
import { hitOpenPath, hitPath, useSpaceNames } from './hits';

// Loaded when first opened: the folder picker is not on the first screen (bench W8).
const SearchMoveDialog = lazy(() =>
  import('./SearchMoveDialog').then((m) => ({ default: m.SearchMoveDialog })),
);

interface FileHitListProps {
  hits: readonly SearchFileHit[];
  /** Rows can be checked for a move. */
  selectable?: boolean;
}

/**
 * Found files (spec 001 §2): name with the matches marked, where it is, a snippet of its content
 * with the matches marked, and open, download and move.
 */
export function FileHitList({ hits, selectable = true }: FileHitListProps) {
  const { t } = useTranslation('search');
  const language = useLanguage();
  const now = useNow();
  const notify = useNotify();
  const navigate = useNavigate();
  const { personal, nameOf } = useSpaceNames();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [moving, setMoving] = useState<{ files: SearchFileHit[]; key: number }>();
  const [movingOpen, setMovingOpen] = useState(false);
  const selectedHits = hits.filter((hit) => selected.has(hit.fileid));

  const toggle = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  const startMove = (files: SearchFileHit[]) => {
    setMoving((current) => ({ files, key: (current?.key ?? 0) + 1 }));
    setMovingOpen(true);
  };
  // Inside the desktop client the client downloads (features/desktop).
  const desktopDownload = useDesktopDownload();
  const download = (hit: SearchFileHit) => {
    if (!desktopDownload(hit.groupid, [hit]))
      startDownload(downloadUrlOf(hit.groupid, [hit]), (error) => notify.error(error));
  };

  return (
    <div className="cirrus-hits">
      {selectable && selected.size > 0 && (
        <div className="cirrus-hits-bar" role="toolbar">
          <Typography.Text>{t('hit.selected', { count: selected.size })}</Typography.Text>
          <Button
            icon={<DragOutlined />}
            disabled={!selectedHits.every((hit) => hasPermission(hit.user_acl, 'move'))}
            onClick={() => startMove(selectedHits)}
          >
            {t('hit.moveSelected', { count: selected.size })}
          </Button>
          <Button type="link" onClick={() => setSelected(new Set())}>
            {t('hit.clear')}
          </Button>
        </div>
      )}
      <ul className="cirrus-hit-list">
        {hits.map((hit) => {
          const place = nameOf(hit.groupid) ?? t('hit.team');
          const folder = hit.path.slice(0, hit.path.lastIndexOf('/')) || '/';
          const isFile = hit.ftype === 'file';
          return (
            <li key={hit.fileid} className="cirrus-hit-row" data-fileid={hit.fileid}>
              {selectable && (
                <Checkbox
                  checked={selected.has(hit.fileid)}
                  onChange={() => toggle(hit.fileid)}
                  aria-label={t('hit.select', { name: hit.fname })}
                />
              )}
              <FileThumb file={hit} box={36} iconSize={28} />
              <div className="cirrus-hit-main">
                <Link to={hitOpenPath(hit, personal)} className="cirrus-hit-name">
                  <Highlight text={hit.fname} ranges={hit.search.name_ranges} />
                </Link>
                <div className="cirrus-hit-meta">
                  <span>
                    {place}
                    {folder === '/' ? '' : ` · ${folder}`}
                  </span>
                  <span>{formatRelativeTime(toMillis(hit.mtime), now, language)}</span>
                  {isFile && <span>{formatSize(hit.size)}</span>}
                  {hit.search.match === 'content' && (
                    <Tag className="cirrus-hit-tag">{t('hit.byContent')}</Tag>
                  )}
                  {hit.search.match === 'pinyin' && <Tag className="cirrus-hit-tag">{t('hit.byPinyin')}</Tag>}
                </div>
                {hit.search.snippet && (
                  <div className="cirrus-hit-snippet">
                    <Highlight text={hit.search.snippet} ranges={hit.search.snippet_ranges} />
                  </div>
                )}
              </div>
              <Space size={4} className="cirrus-hit-actions">
                <HoverTooltip title={t('hit.open')}>
                  <Button
                    type="text"
                    icon={<FolderOpenOutlined />}
                    aria-label={t('hit.open')}
                    onClick={() => void navigate(hitPath(hit, personal))}
                  />
                </HoverTooltip>
                {isFile && hasPermission(hit.user_acl, 'download') && (
                  <HoverTooltip title={t('hit.download')}>
                    <Button
                      type="text"
                      icon={<DownloadOutlined />}
                      aria-label={t('hit.download')}
                      onClick={() => download(hit)}
                    />
                  </HoverTooltip>
                )}
                {hasPermission(hit.user_acl, 'move') && (
                  <HoverTooltip title={t('hit.move')}>
                    <Button
                      type="text"
                      icon={<DragOutlined />}
                      aria-label={t('hit.move')}
                      onClick={() => startMove([hit])}
                    />
                  </HoverTooltip>
                )}
              </Space>
            </li>
          );
        })}
      </ul>
      {moving && (
        <Suspense fallback={null}>
          <SearchMoveDialog
            key={moving.key}
            open={movingOpen}
            files={moving.files}
            onClose={() => setMovingOpen(false)}
            onDone={() => setSelected(new Set())}
          />
        </Suspense>
      )}
    </div>
  );
}
