import {
  BlockOutlined,
  BorderOutlined,
  CloseOutlined,
  MinusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import type { DesktopWindowAction, DesktopWindowState } from '@cirrus/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { HoverTooltip } from '../../components/HoverTooltip';
import { desktopBridge } from './bridge';
import { desktopKeys } from './queries';
import { useDesktopFailure } from './useDesktopFailure';
import './window-bar.css';

/** How long the window keeps still before its state is read again after a resize. */
const RESIZE_SETTLE_MS = 250;

/**
 * The window's state, from the client (GET /v1/window/state): read when the bar shows, and again
 * once a resize settles (the user maximised or restored it from the system: a double click on the
 * bar, a keyboard shortcut), so that maximise and restore stay right.
 */
function useWindowState() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(
        () => void queryClient.invalidateQueries({ queryKey: desktopKeys.window }),
        RESIZE_SETTLE_MS,
      );
    };
    window.addEventListener('resize', onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener('resize', onResize);
    };
  }, [queryClient]);
  return useQuery({
    queryKey: desktopKeys.window,
    queryFn: () => desktopBridge.windowState(),
    retry: false,
    refetchOnWindowFocus: false,
  });
}

function BarButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <HoverTooltip title={label}>
      <Button type="text" icon={icon} aria-label={label} onClick={onClick} />
    </HoverTooltip>
  );
}

/**
 * The desktop client's window bar (spec 001 §2 "Desktop-client window bar: refresh, minimise,
 * maximise/restore, close"): the client's window is frameless, so the app's top bar is its title
 * bar, and these buttons ask the client (POST /v1/window/{action}); refresh reloads the page.
 * Maximise shows while the window is not maximised, restore while it is. Only inside the client.
 */
export function WindowBar() {
  const { t } = useTranslation();
  const fail = useDesktopFailure();
  const queryClient = useQueryClient();
  const state = useWindowState();
  const act = useMutation({
    mutationFn: (action: DesktopWindowAction) => desktopBridge.window(action),
    onSuccess: (answer) => {
      if (answer) queryClient.setQueryData<DesktopWindowState>(desktopKeys.window, answer);
    },
    onError: fail,
  });
  const maximized = state.data?.maximized === true;
  return (
    <div className="cirrus-window-bar" role="toolbar" aria-label={t('desktop.window.label')}>
      <BarButton
        label={t('desktop.window.refresh')}
        icon={<ReloadOutlined aria-hidden />}
        onClick={() => window.location.reload()}
      />
      <BarButton
        label={t('desktop.window.minimize')}
        icon={<MinusOutlined aria-hidden />}
        onClick={() => act.mutate('minimize')}
      />
      {maximized ? (
        <BarButton
          label={t('desktop.window.restore')}
          icon={<BlockOutlined aria-hidden />}
          onClick={() => act.mutate('restore')}
        />
      ) : (
        <BarButton
          label={t('desktop.window.maximize')}
          icon={<BorderOutlined aria-hidden />}
          onClick={() => act.mutate('maximize')}
        />
      )}
      <BarButton
        label={t('desktop.window.close')}
        icon={<CloseOutlined aria-hidden />}
        onClick={() => act.mutate('close')}
      />
    </div>
  );
}
