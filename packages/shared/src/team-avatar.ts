// Team avatars are encoded as icon_colourIndex, for example 3_5 (spec 000 §3, §5); a path is an
// uploaded picture instead.

import { AVATAR_COLOUR_HEX, AVATAR_COLOURS, AVATAR_ICONS } from './constants.ts';
import { randomInt } from './random.ts';

export interface TeamIcon {
  /** 0 to 14. */
  icon: number;
  /** 0 to 7, an index into AVATAR_COLOUR_HEX. */
  colour: number;
}

export function formatTeamAvatar({ icon, colour }: TeamIcon): string {
  return `${icon}_${colour}`;
}

/** The icon and colour of an encoded avatar, or undefined for a path or anything out of range. */
export function parseTeamAvatar(avatar: string): TeamIcon | undefined {
  const match = /^(\d{1,2})_(\d)$/.exec(avatar.trim());
  if (!match) return undefined;
  const icon = Number(match[1]);
  const colour = Number(match[2]);
  return icon < AVATAR_ICONS && colour < AVATAR_COLOURS ? { icon, colour } : undefined;
}

export function teamAvatarColour(colour: number): string | undefined {
  return AVATAR_COLOUR_HEX[colour];
}

/** spec 000 §4: a chat upgraded to a general team gets a random avatar. */
export function randomTeamAvatar(): string {
  return formatTeamAvatar({ icon: randomInt(AVATAR_ICONS), colour: randomInt(AVATAR_COLOURS) });
}
