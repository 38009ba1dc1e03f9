import { describe, expect, test } from 'vitest';
import { AVATAR_COLOUR_HEX } from './constants.ts';
import { AA_TEXT_CONTRAST, contrastRatio } from './contrast.ts';
import { formatTeamAvatar, parseTeamAvatar, randomTeamAvatar, teamAvatarColour } from './team-avatar.ts';

describe('team avatars (spec 000 §3, §5)', () => {
  test.each([
    ['3_5', { icon: 3, colour: 5 }],
    ['0_0', { icon: 0, colour: 0 }],
    ['14_7', { icon: 14, colour: 7 }],
    ['15_0', undefined], // icons 0 to 14
    ['0_8', undefined], // colours 0 to 7
    ['/avatars/team/12.png', undefined],
    ['', undefined],
  ])('parseTeamAvatar(%j) = %j', (avatar, expected) => {
    expect(parseTeamAvatar(avatar)).toEqual(expected);
  });

  test('format and parse round-trip', () => {
    expect(formatTeamAvatar({ icon: 3, colour: 5 })).toBe('3_5');
  });

  test('random avatars are valid', () => {
    for (let i = 0; i < 200; i++) expect(parseTeamAvatar(randomTeamAvatar())).toBeDefined();
  });

  test('8 colours, each a hex value', () => {
    expect(AVATAR_COLOUR_HEX).toHaveLength(8);
    for (const hex of AVATAR_COLOUR_HEX) expect(hex).toMatch(/^#[0-9A-F]{6}$/);
    expect(teamAvatarColour(5)).toBe(AVATAR_COLOUR_HEX[5]);
  });

  // A user without a picture shows white initials on these colours: text, so AA's 4.5:1.
  test.each(AVATAR_COLOUR_HEX.map((hex) => [hex]))('white initials on %s can be read', (hex) => {
    expect(contrastRatio('#ffffff', hex)).toBeGreaterThanOrEqual(AA_TEXT_CONTRAST);
  });
});
