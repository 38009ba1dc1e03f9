import { PlusOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths';
import { HoverTooltip } from '../../components/HoverTooltip';
import { lazyWarmed } from '../../components/lazyWarmed';
import { useOpenedOnce } from '../../components/useOpenedOnce';

// Loaded once the first screen is up (components/lazyWarmed.ts), or when first opened: the
// drive's first screen carries none of the dialog's code, and keys typed as it opens are kept.
const CreateTeamDialog = lazyWarmed(() =>
  import('./CreateTeamDialog').then((m) => ({ default: m.CreateTeamDialog })),
);

/**
 * The "create team" entry (the drive's team list header, the my-teams page). A new team opens in
 * the drive, or where `onCreated` takes it.
 */
export function CreateTeamButton({
  withLabel = false,
  size,
  type,
  onCreated,
}: {
  withLabel?: boolean;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
  onCreated?: (gid: number) => void;
}) {
  const { t } = useTranslation('teams');
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const mounted = useOpenedOnce(open);
  return (
    <>
      <HoverTooltip title={withLabel ? undefined : t('create.button')}>
        <Button
          size={size}
          type={type ?? (withLabel ? 'primary' : 'text')}
          icon={<PlusOutlined />}
          aria-label={t('create.button')}
          onClick={() => setOpen(true)}
        >
          {withLabel ? t('create.button') : null}
        </Button>
      </HoverTooltip>
      {mounted && (
        <Suspense fallback={null}>
          <CreateTeamDialog
            open={open}
            onClose={() => setOpen(false)}
            onCreated={(team) => {
              setOpen(false);
              if (onCreated) onCreated(team.id);
              else void navigate(`${paths.drive}/group/${team.id}`);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
