import {
  AVATAR_COLOUR_HEX,
  AVATAR_COLOURS,
  AVATAR_ICONS,
  formatTeamAvatar,
  parseTeamAvatar,
} from '@cirrus/shared';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TeamAvatar } from '../../components/TeamAvatar';

interface IconChooserProps {
  team: { id: number; name: string; avatar: string };
  editable: boolean;
  onChange: (avatar: string) => Promise<unknown>;
}

/** The team icon chooser (spec 000 §2, §5): 15 icons, 8 colours; saved as icon_colourIndex. */
export function IconChooser({ team, editable, onChange }: IconChooserProps) {
  const { t } = useTranslation('teams');
  const [open, setOpen] = useState(false);
  const current = parseTeamAvatar(team.avatar) ?? { icon: 0, colour: team.id % AVATAR_COLOURS };
  const [colour, setColour] = useState(current.colour);
  const avatar = <TeamAvatar team={team} size={56} />;
  if (!editable) return avatar;
  const pick = (icon: number) => {
    setOpen(false);
    onChange(formatTeamAvatar({ icon, colour })).catch(() => undefined);
  };
  const content = (
    <div className="cirrus-icon-chooser">
      <fieldset className="cirrus-icon-colours" aria-label={t('info.iconColour')}>
        {AVATAR_COLOUR_HEX.map((hex, index) => (
          <button
            key={hex}
            type="button"
            aria-pressed={colour === index}
            aria-label={t('info.colourN', { n: index + 1 })}
            className={`cirrus-icon-colour${colour === index ? ' is-active' : ''}`}
            style={{ background: hex }}
            onClick={() => setColour(index)}
          />
        ))}
      </fieldset>
      <div className="cirrus-icon-grid">
        {Array.from({ length: AVATAR_ICONS }, (_, icon) => (
          <button
            // biome-ignore lint/suspicious/noArrayIndexKey: the index is the icon
            key={icon}
            type="button"
            className={`cirrus-icon-option${current.icon === icon && current.colour === colour ? ' is-active' : ''}`}
            aria-label={t('info.iconN', { n: icon + 1 })}
            onClick={() => pick(icon)}
          >
            <TeamAvatar
              team={{ id: team.id, name: team.name, avatar: formatTeamAvatar({ icon, colour }) }}
              size={36}
            />
          </button>
        ))}
      </div>
    </div>
  );
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      content={content}
      title={t('info.changeIcon')}
    >
      <Button type="text" className="cirrus-icon-trigger" aria-label={t('info.changeIcon')}>
        {avatar}
      </Button>
    </Popover>
  );
}
