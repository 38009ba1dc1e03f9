import { formatSize, spacePercent } from '@cirrus/shared';
import { Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Cloud space of a team (spec 000 §2, §9): used of total, percent with two decimals, red at 90 %. */
export function SpaceBar({ used, total }: { used: number; total: number }) {
  const { t } = useTranslation('teams');
  const percent = spacePercent(used, total);
  return (
    <div className="cirrus-space-bar" data-testid="team-space">
      <Progress
        aria-label={t('info.spaceBar')}
        percent={Math.min(100, percent.percent)}
        showInfo={false}
        size="small"
        status={percent.danger ? 'exception' : 'normal'}
        strokeColor={percent.danger ? '#F54A45' : undefined}
      />
      <Typography.Text type={percent.danger ? 'danger' : 'secondary'} className="cirrus-space-bar-text">
        {total > 0
          ? t('info.spaceUsage', { used: formatSize(used), total: formatSize(total), percent: percent.text })
          : t('info.usedNoLimit', { used: formatSize(used) })}
      </Typography.Text>
    </div>
  );
}
