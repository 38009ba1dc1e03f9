import {
  CloudDownloadOutlined,
  DownloadOutlined,
  EyeOutlined,
  LockOutlined,
  SaveOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  formatDateTime,
  formatSize,
  isChkcodeShape,
  type LinkFolderItem,
  type LinkPublicInfo,
  lookupErrorMessage,
} from '@cirrus/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Breadcrumb, Button, Card, Empty, Flex, Form, Input, Result, Spin, Tag, Typography } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../api/http';
import { linksApi } from '../../api/links';
import { loginUrl, paths } from '../../app/paths';
import { CloudLogo } from '../../components/CloudLogo';
import { FileThumb } from '../../components/FileThumb';
import { FullPageSpin } from '../../components/FullPageSpin';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { UserAvatar } from '../../components/UserAvatar';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useLanguage } from '../../i18n';
import { useSelfUser } from '../auth/queries';
import { startDownload } from '../drive/download';
import { linkFolderOf, linkViewPath } from '../preview/paths';
import { remainingOf } from './link-text';
import { shareKeys } from './queries';
import { ReportLinkDialog } from './ReportLinkDialog';
import { SaveToDriveDialog } from './SaveToDriveDialog';
import './share.css';

// The previews engineer's viewer, loaded only when a file is opened (features/preview).
const PreviewRoute = lazy(() => import('../preview/PreviewPage').then((m) => ({ default: m.PreviewRoute })));

/** The token for a link's access code is kept for the tab (the server lets it live a day). */
const tokenKey = (sid: string) => `cirrus.link.${sid}`;

function readToken(sid: string): string | undefined {
  try {
    return window.sessionStorage.getItem(tokenKey(sid)) ?? undefined;
  } catch {
    return undefined;
  }
}

function keepToken(sid: string, token: string): void {
  try {
    window.sessionStorage.setItem(tokenKey(sid), token);
  } catch {
    // not kept: the code is asked again after a reload
  }
}

/** The errors the link page has a page for (spec 001 §8, spec 002 §2). */
const PAGE_KEYS = [
  'lightLinkNotExist',
  'fileNotExists',
  'linkClosed',
  'linkExpired',
  'linkDownloadLimits',
  'accessDeny',
  'notGroupMember',
  'notCompanyMember',
  'userNotLogin',
  'forbidLink',
  'linkViolation',
] as const;
type PageKey = (typeof PAGE_KEYS)[number];

function pageKeyOf(error: unknown): PageKey | undefined {
  const result = error instanceof ApiError ? error.result : undefined;
  return PAGE_KEYS.find((key) => key === result);
}

function Shell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const self = useSelfUser();
  const loggedIn = Boolean(self.data);
  return (
    <div className="cirrus-linkpage">
      <header className="cirrus-topbar">
        <Link to={loggedIn ? paths.drive : '/'} className="cirrus-brand">
          <CloudLogo size={30} />
          <span>{t('common.productName')}</span>
        </Link>
        <Flex gap={12} align="center">
          <LanguageSwitch />
          {self.isSuccess &&
            (loggedIn ? (
              <Link to={paths.drive}>{t('share.page.myDrive')}</Link>
            ) : (
              <Button type="link" href={loginUrl(`${window.location.pathname}${window.location.search}`)}>
                {t('share.page.login')}
              </Button>
            ))}
        </Flex>
      </header>
      <main className="cirrus-linkpage-main">{children}</main>
    </div>
  );
}

/** The link's error pages: cancelled, not existing, expired, downloads used up, not for you. */
function LinkError({ pageKey, error }: { pageKey?: PageKey; error: unknown }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const title = pageKey ? t(`share.errors.${pageKey}`) : t('share.errors.other');
  // The link's own states point the visitor back to whoever shared it; others say what the server said.
  const askOwner =
    pageKey === 'lightLinkNotExist' ||
    pageKey === 'linkClosed' ||
    pageKey === 'linkExpired' ||
    pageKey === 'linkDownloadLimits';
  const subTitle = askOwner
    ? t('share.page.askOwner')
    : error instanceof ApiError
      ? lookupErrorMessage({ status: error.status, body: error.body }, language)
      : '';
  const status =
    pageKey === 'lightLinkNotExist' || pageKey === 'fileNotExists'
      ? '404'
      : pageKey === 'userNotLogin'
        ? 'info'
        : 'warning';
  return (
    <Result
      className="cirrus-linkpage-error"
      data-error-key={pageKey ?? 'other'}
      status={status}
      title={<h1 className="cirrus-title-heading">{title}</h1>}
      subTitle={subTitle}
      extra={
        pageKey === 'userNotLogin' ? (
          <Button type="primary" href={loginUrl(`${window.location.pathname}${window.location.search}`)}>
            {t('share.page.login')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** The access code prompt (spec 002: a link with an access code asks for it before showing the file). */
function CodePrompt({
  sid,
  info,
  onAuthed,
}: {
  sid: string;
  info: LinkPublicInfo;
  onAuthed: (token: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const [pending, setPending] = useState(false);

  const submit = async () => {
    if (!isChkcodeShape(code)) return setError(t('share.page.codeShape'));
    setPending(true);
    setError(undefined);
    try {
      const { rand_code } = await linksApi.auth(sid, code.trim());
      onAuthed(rand_code);
    } catch (err) {
      setError(
        err instanceof ApiError
          ? lookupErrorMessage({ status: err.status, body: err.body }, language)
          : String(err),
      );
    } finally {
      setPending(false);
    }
  };

  return (
    <Card className="cirrus-linkpage-card cirrus-linkpage-code">
      <Flex vertical align="center" gap={12}>
        <UserAvatar
          user={{ id: info.creator.id, nick_name: info.creator.name, avatar: info.creator.avatar }}
          size={56}
        />
        <Typography.Title level={1} className="cirrus-linkpage-title">
          {t('share.page.sharedWithYou', { name: info.creator.name })}
        </Typography.Title>
        <Typography.Text type="secondary">
          <LockOutlined aria-hidden /> {t('share.page.codeNeeded')}
        </Typography.Text>
        <ExpiryTags info={info} />
        <Form layout="vertical" onFinish={() => void submit()} className="cirrus-linkpage-code-form">
          <Form.Item
            label={t('share.page.codeLabel')}
            htmlFor="link-code"
            validateStatus={error ? 'error' : undefined}
            help={error}
          >
            <Input
              id="link-code"
              value={code}
              autoFocus
              autoComplete="off"
              maxLength={16}
              onChange={(event) => setCode(event.target.value)}
              placeholder={t('share.page.codePlaceholder')}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={pending}>
            {t('share.page.openLink')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}

/**
 * The link's expiry and, where the visitor may download, the downloads left. Before the access
 * code the link's own permission decides; after it, what this visitor may do (someone named at
 * read on a download link downloads nothing, so a count would mislead them).
 */
function ExpiryTags({ info }: { info: LinkPublicInfo }) {
  const { t } = useTranslation();
  const remain = remainingOf(info.download_remain);
  const downloads = info.authed ? info.can_download : info.permission !== 'read';
  return (
    <Flex wrap gap={6} justify="center" className="cirrus-linkpage-tags" data-testid="link-state">
      <Tag>
        {info.expire_time === 0
          ? t('share.status.neverExpires')
          : t('share.status.expiresAt', { time: formatDateTime(info.expire_time) })}
      </Tag>
      {downloads && (
        <Tag data-testid="link-remaining">
          {remain === 'unlimited'
            ? t('share.status.unlimitedDownloads')
            : t('share.status.downloadsLeft', { count: remain })}
        </Tag>
      )}
    </Flex>
  );
}

/**
 * A shared folder: its items, the way down, and downloads of items or of any folder as a zip. The
 * subfolder open (parent) is the page's address; a new one mounts a new view (keyed by it).
 */
function FolderView({
  sid,
  token,
  info,
  parent,
  onOpenFolder,
  onDownload,
  onPreview,
}: {
  sid: string;
  token: string | undefined;
  info: LinkPublicInfo;
  parent: number | undefined;
  onOpenFolder: (fileid: number | undefined) => void;
  onDownload: (fileid?: number) => void;
  onPreview: (fileid: number) => void;
}) {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  const folder = useQuery({
    queryKey: [...shareKeys.folder(sid, token ?? '', parent ?? 0), offset],
    queryFn: ({ signal }) =>
      linksApi.folder(sid, token, parent, offset, { signal, onSessionExpired: 'none' }),
  });
  const [items, setItems] = useState<LinkFolderItem[]>([]);
  useEffect(() => {
    if (!folder.data) return;
    setItems((current) => (offset === 0 ? folder.data.files : [...current, ...folder.data.files]));
  }, [folder.data, offset]);
  const go = (id: number) => onOpenFolder(id === info.file?.fileid ? undefined : id);
  if (folder.isError) return <LinkError pageKey={pageKeyOf(folder.error)} error={folder.error} />;
  return (
    <div className="cirrus-linkpage-folder">
      <Breadcrumb
        items={(folder.data?.path ?? []).map((step) => ({
          key: step.fileid,
          title: (
            <Button type="link" size="small" onClick={() => go(step.fileid)}>
              {step.fname}
            </Button>
          ),
        }))}
      />
      {folder.isPending && offset === 0 ? (
        <Spin />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('share.page.emptyFolder')} />
      ) : (
        <ul className="cirrus-linkpage-items" aria-label={t('share.page.items')}>
          {items.map((item) => (
            <li key={item.fileid} className="cirrus-linkpage-item">
              <FileThumb file={item} source={{ link: sid, rand_code: token }} />
              <Button
                type="link"
                className="cirrus-linkpage-item-name"
                title={item.fname}
                onClick={() => (item.ftype === 'folder' ? go(item.fileid) : onPreview(item.fileid))}
              >
                {item.fname}
              </Button>
              <Typography.Text type="secondary" className="cirrus-linkpage-item-size">
                {item.ftype === 'folder' ? '—' : formatSize(item.fsize)}
              </Typography.Text>
              {info.can_download && (
                <Button
                  type="text"
                  icon={<DownloadOutlined aria-hidden />}
                  aria-label={t('share.page.downloadOf', { name: item.fname })}
                  onClick={() => onDownload(item.fileid)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {folder.data?.more && (
        <Button type="link" block loading={folder.isFetching} onClick={() => setOffset(items.length)}>
          {t('share.members.more')}
        </Button>
      )}
    </div>
  );
}

/**
 * The link page (/l/{sid}, spec 002 §2): works logged out. It asks for the access code when the
 * link has one, then shows the file or folder with download (a folder browses and zips), the
 * remaining downloads and expiry, the error pages (cancelled, not existing, expired, downloads used
 * up ...), report, and for a logged-in visitor save into one of their folders. A file opens in the
 * viewer (features/preview) at the same address with ?fileid=&view=1; a subfolder opened in a shared
 * folder is ?parentid=.
 */
export function LinkPage() {
  const { sid = '' } = useParams();
  const [search] = useSearchParams();
  if (search.get('view') === '1') {
    return (
      <Suspense fallback={<FullPageSpin />}>
        <PreviewRoute kind="link" />
      </Suspense>
    );
  }
  return <LinkLanding key={sid} sid={sid} initialToken={search.get('rand_code') ?? undefined} />;
}

function LinkLanding({ sid, initialToken }: { sid: string; initialToken?: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  // The subfolder open in a shared folder is in the address (?parentid=), as the drive's folder is:
  // a reload, Back and the viewer's Close come back to it.
  const parent = linkFolderOf(search);
  const openFolder = (fileid: number | undefined) =>
    setSearch((params) => {
      if (fileid) params.set('parentid', String(fileid));
      else params.delete('parentid');
      return params;
    });
  const queryClient = useQueryClient();
  const self = useSelfUser();
  const [token, setToken] = useState<string | undefined>(initialToken ?? readToken(sid));
  const [dialog, setDialog] = useState<'save' | 'report'>();
  const info = useQuery({
    queryKey: shareKeys.page(sid, token ?? ''),
    queryFn: ({ signal }) => linksApi.publicInfo(sid, token, { signal, onSessionExpired: 'none' }),
    retry: false,
    enabled: self.isFetched,
  });
  useDocumentTitle(info.data?.file?.fname ?? t('share.page.title'));

  const authed = (next: string) => {
    if (next) keepToken(sid, next);
    setToken(next || undefined);
  };

  const refreshSoon = () => {
    // The count drops as the server starts sending; ask again once the download is under way.
    for (const ms of [800, 2500])
      setTimeout(() => void queryClient.invalidateQueries({ queryKey: ['linkPage', sid] }), ms);
  };

  const download = (fileid?: number) => {
    startDownload(linksApi.downloadUrl(sid, token, fileid), (error) => {
      void message.error(lookupErrorMessage({ status: error.status, body: error.body }, language));
      void queryClient.invalidateQueries({ queryKey: ['linkPage', sid] });
    });
    refreshSoon();
  };

  const preview = (fileid: number) =>
    void navigate(linkViewPath(sid, fileid, { randCode: token, parentid: parent }), {
      state: { fromList: true },
    });

  let body: ReactNode;
  if (info.isPending || !self.isFetched) body = <Spin size="large" className="cirrus-linkpage-spin" />;
  else if (info.isError) body = <LinkError pageKey={pageKeyOf(info.error)} error={info.error} />;
  else if (!info.data.authed || !info.data.file) {
    body = <CodePrompt sid={sid} info={info.data} onAuthed={authed} />;
  } else {
    const data = info.data;
    const file = data.file as NonNullable<LinkPublicInfo['file']>;
    const isFolder = file.ftype === 'folder';
    body = (
      <Card className="cirrus-linkpage-card">
        <Flex gap={16} align="center" wrap className="cirrus-linkpage-head">
          <FileThumb file={file} source={{ link: sid, rand_code: token }} box={56} iconSize={48} />
          <div className="cirrus-linkpage-head-text">
            <Typography.Title level={1} className="cirrus-linkpage-title" ellipsis={{ tooltip: file.fname }}>
              {file.fname}
            </Typography.Title>
            <Typography.Text type="secondary">
              {isFolder ? t('share.page.folder') : formatSize(file.fsize)} ·{' '}
              {t('share.page.sharedBy', { name: data.creator.name })}
            </Typography.Text>
            <ExpiryTags info={data} />
          </div>
        </Flex>
        <Flex wrap gap={8} className="cirrus-linkpage-actions">
          {!isFolder && (
            <Button icon={<EyeOutlined aria-hidden />} onClick={() => preview(file.fileid)}>
              {t('share.page.preview')}
            </Button>
          )}
          {data.can_download && (
            <Button
              type="primary"
              icon={isFolder ? <CloudDownloadOutlined aria-hidden /> : <DownloadOutlined aria-hidden />}
              onClick={() => download()}
            >
              {isFolder ? t('share.page.downloadZip') : t('share.page.download')}
            </Button>
          )}
          {data.can_save && (
            <Button icon={<SaveOutlined aria-hidden />} onClick={() => setDialog('save')}>
              {t('share.page.save')}
            </Button>
          )}
          <Button type="text" icon={<WarningOutlined aria-hidden />} onClick={() => setDialog('report')}>
            {t('share.page.report')}
          </Button>
        </Flex>
        {!data.can_download && (
          <Typography.Text type="secondary" className="cirrus-linkpage-note">
            {t(data.permission === 'read' ? 'share.page.readOnly' : 'share.page.readOnlyForYou')}
          </Typography.Text>
        )}
        {isFolder && (
          <FolderView
            key={parent ?? 0}
            sid={sid}
            token={token}
            info={data}
            parent={parent}
            onOpenFolder={openFolder}
            onDownload={download}
            onPreview={preview}
          />
        )}
      </Card>
    );
  }

  return (
    <Shell>
      {body}
      {info.data?.file && (
        <>
          <SaveToDriveDialog
            open={dialog === 'save'}
            sid={sid}
            token={token}
            fname={info.data.file.fname}
            onClose={() => setDialog(undefined)}
          />
          <ReportLinkDialog open={dialog === 'report'} sid={sid} onClose={() => setDialog(undefined)} />
        </>
      )}
    </Shell>
  );
}
