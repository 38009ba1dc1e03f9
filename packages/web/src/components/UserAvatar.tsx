import { AVATAR_COLOUR_HEX } from '@cirrus/shared';
import { Avatar } from 'antd';

const HAN = /\p{Script=Han}/u;

/**
 * Initials for an avatar without a picture: the last two characters of a Chinese name (as
 * Chinese apps show 张三丰 as 三丰), else the first letters of the first two words.
 */
export function initialsOf(name: string): string {
  const trimmed = name.trim();
  if (!trimmed) return '?';
  if (HAN.test(trimmed)) return Array.from(trimmed.replace(/\s+/g, '')).slice(-2).join('');
  const words = trimmed.split(/\s+/);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toUpperCase() ?? '')
    .join('');
}

/** An avatar without a picture shows initials on one of the palette's colours, the same one for a user everywhere. */
export function initialsColorOf(id: number): string {
  return AVATAR_COLOUR_HEX[Math.abs(id) % AVATAR_COLOUR_HEX.length];
}

interface UserAvatarProps {
  user: { id: number; nick_name: string; avatar: string };
  size?: number;
}

export function UserAvatar({ user, size = 32 }: UserAvatarProps) {
  if (user.avatar) return <Avatar size={size} src={user.avatar} alt={user.nick_name} />;
  return (
    <Avatar size={size} style={{ backgroundColor: initialsColorOf(user.id), fontSize: size * 0.4 }}>
      {initialsOf(user.nick_name)}
    </Avatar>
  );
}
