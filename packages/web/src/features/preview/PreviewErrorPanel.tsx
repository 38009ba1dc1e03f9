import { DownloadOutlined } from '@ant-design/icons';
import type { PreviewErrorKey } from '@cirrus/shared';
import { Button, Result, type ResultProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { loginUrl, paths } from '../../app/paths';

/** A preview error page (spec 001 §8), or the shell's /502 page (serverError). */
export type PreviewPageKey = PreviewErrorKey | 'serverError';

const STATUS: Partial<Record<PreviewPageKey, ResultProps['status']>> = {
  fileNotExists: '404',
  permissionDenied: '403',
  accessDeny: '403',
  notGroupMember: '403',
  notCompanyMember: '403',
  noSecdocAuth: '403',
  serverError: '500',
  unsupport: 'info',
  userNotLogin: 'info',
};

interface Props {
  errorKey: PreviewPageKey;
  /** The download offered instead, when the viewer may download. */
  onDownload?: () => void;
  onRetry?: () => void;
  /** Extra actions (the shell's way back). */
  extra?: ReactNode;
  /** The panel is the whole page (no shell with the file's name around it): its title is the h1. */
  wholePage?: boolean;
}

/** One page per error key, with a title and a subtitle in both languages, and what can be done next. */
export function PreviewErrorPanel({ errorKey, onDownload, onRetry, extra, wholePage }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const actions: ReactNode[] = [];
  if (onDownload)
    actions.push(
      <Button key="download" type="primary" icon={<DownloadOutlined />} onClick={onDownload}>
        {t('preview.download')}
      </Button>,
    );
  if (errorKey === 'userNotLogin')
    actions.push(
      <Button
        key="login"
        type="primary"
        onClick={() =>
          window.location.assign(loginUrl(`${window.location.pathname}${window.location.search}`))
        }
      >
        {t('preview.login')}
      </Button>,
    );
  if (onRetry)
    actions.push(
      <Button key="retry" onClick={onRetry}>
        {t('preview.retry')}
      </Button>,
    );
  if (extra) actions.push(extra);
  else if (errorKey !== 'userNotLogin')
    actions.push(
      <Button key="home" onClick={() => void navigate(paths.drive)}>
        {t('preview.backToDrive')}
      </Button>,
    );
  return (
    <Result
      className="cirrus-preview-error"
      data-error-key={errorKey}
      status={STATUS[errorKey] ?? 'warning'}
      title={
        wholePage ? (
          <h1 className="cirrus-title-heading">{t(`preview.errors.${errorKey}.title`)}</h1>
        ) : (
          t(`preview.errors.${errorKey}.title`)
        )
      }
      subTitle={t(`preview.errors.${errorKey}.subtitle`)}
      extra={actions}
    />
  );
}
