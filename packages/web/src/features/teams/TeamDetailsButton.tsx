import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, type ButtonProps } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../components/HoverTooltip';
import type { TeamTab } from './TeamDetailsDialog';

// Loaded when first opened: the drive's first screen carries none of the dialogs' code.
const ChatDialog = lazy(() => import('./ChatDialog').then((m) => ({ default: m.ChatDialog })));
const TeamDetailsDialog = lazy(() =>
  import('./TeamDetailsDialog').then((m) => ({ default: m.TeamDetailsDialog })),
);

interface TeamDetailsButtonProps {
  groupId: number;
  /** 1 opens the multi-person chat dialog; teams (2, 3) the team details dialog. */
  teamType?: number;
  initialTab?: TeamTab;
  /** Show the label beside the icon. */
  withLabel?: boolean;
  size?: ButtonProps['size'];
  type?: ButtonProps['type'];
}

/**
 * The entry to a team's details from anywhere a team shows (the drive's team space header, a
 * team list): a small button that opens the team details dialog, or the chat dialog for a chat.
 */
export function TeamDetailsButton({
  groupId,
  teamType,
  initialTab,
  withLabel = false,
  size,
  type,
}: TeamDetailsButtonProps) {
  const { t } = useTranslation('teams');
  const [open, setOpen] = useState(false);
  const label = teamType === 1 ? t('chat.title') : t('details.title');
  return (
    <>
      <HoverTooltip title={withLabel ? undefined : label}>
        <Button
          size={size}
          type={type ?? (withLabel ? 'default' : 'text')}
          icon={<InfoCircleOutlined />}
          aria-label={label}
          onClick={(e) => {
            e.preventDefault();
            e.stopPropagation();
            setOpen(true);
          }}
        >
          {withLabel ? label : null}
        </Button>
      </HoverTooltip>
      {open && (
        <Suspense fallback={null}>
          {teamType === 1 ? (
            <ChatDialog groupId={groupId} open onClose={() => setOpen(false)} />
          ) : (
            <TeamDetailsDialog
              groupId={groupId}
              open
              initialTab={initialTab}
              onClose={() => setOpen(false)}
            />
          )}
        </Suspense>
      )}
    </>
  );
}
