import { PictureOutlined } from '@ant-design/icons';
import {
  AVATAR_COLOUR_HEX,
  AVATAR_COLOURS,
  AVATAR_ICONS,
  formatTeamAvatar,
  parseTeamAvatar,
} from '@cirrus/shared';
import { useMutation } from '@tanstack/react-query';
import { Button, Popover } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { imagesApi } from '../../api/images';
import { TeamAvatar } from '../../components/TeamAvatar';
import { PictureCropperDialog } from '../profile/AvatarCropperDialog';

interface IconChooserProps {
  team: { id: number; name: string; avatar: string };
  editable: boolean;
  onChange: (avatar: string) => Promise<unknown>;
}

/**
 * The team icon chooser (spec 000 §2, §5): 15 icons, 8 colours, saved as icon_colourIndex; or a
 * picture of the team's own, cropped and sent by POST /api/v3/image/upload's two steps (spec 000
 * §7), saved as its path (spec 000 §3: "an icon code or a path").
 */
export function IconChooser({ team, editable, onChange }: IconChooserProps) {
  const { t } = useTranslation('teams');
  const [open, setOpen] = useState(false);
  const [cropping, setCropping] = useState(false);
  const picture = useMutation({
    mutationFn: async (png: Blob) => {
      const { url } = await imagesApi.upload(await imagesApi.imageUploadAddress(), png);
      await onChange(url);
    },
  });
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
      <Button
        block
        icon={<PictureOutlined />}
        onClick={() => {
          setOpen(false);
          setCropping(true);
        }}
      >
        {t('info.uploadPicture')}
      </Button>
    </div>
  );
  return (
    <>
      <PictureCropperDialog
        open={cropping}
        onClose={() => setCropping(false)}
        upload={picture}
        title={t('info.pictureTitle')}
        success={t('info.pictureSaved')}
      />
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
    </>
  );
}
