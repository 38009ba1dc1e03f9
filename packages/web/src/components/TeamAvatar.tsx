import {
  BookOutlined,
  BulbOutlined,
  CameraOutlined,
  CoffeeOutlined,
  CrownOutlined,
  ExperimentOutlined,
  FlagOutlined,
  GlobalOutlined,
  HeartOutlined,
  ProjectOutlined,
  RocketOutlined,
  StarOutlined,
  TeamOutlined,
  ToolOutlined,
  TrophyOutlined,
} from '@ant-design/icons';
import { AVATAR_COLOUR_HEX, parseTeamAvatar } from '@cirrus/shared';
import { Avatar } from 'antd';

/** The 15 team icons (spec 000 §9: 15 icons, 8 colours); which picture each index shows is ours. */
const TEAM_ICONS = [
  TeamOutlined,
  RocketOutlined,
  BulbOutlined,
  ExperimentOutlined,
  ProjectOutlined,
  CrownOutlined,
  FlagOutlined,
  StarOutlined,
  HeartOutlined,
  TrophyOutlined,
  CoffeeOutlined,
  BookOutlined,
  CameraOutlined,
  GlobalOutlined,
  ToolOutlined,
] as const;

/** A team's avatar: an uploaded picture, or its icon_colour pair (spec 000 §3, e.g. "3_5"). */
export function TeamAvatar({
  team,
  size = 28,
}: {
  team: { id: number; name: string; avatar: string };
  size?: number;
}) {
  const icon = parseTeamAvatar(team.avatar);
  if (!icon && team.avatar) return <Avatar shape="square" size={size} src={team.avatar} alt={team.name} />;
  const { icon: index, colour } = icon ?? { icon: 0, colour: team.id % AVATAR_COLOUR_HEX.length };
  const Icon = TEAM_ICONS[index];
  return (
    <Avatar
      shape="square"
      size={size}
      style={{ backgroundColor: AVATAR_COLOUR_HEX[colour], fontSize: size * 0.55, flex: 'none' }}
      icon={<Icon aria-hidden />}
    />
  );
}
