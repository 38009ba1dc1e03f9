import { expect, test } from 'vitest';
import { initialsOf } from './UserAvatar';

test.each([
  ['张三丰', '三丰'],
  ['李四', '李四'],
  ['Li Wei', 'LW'],
  ['ada', 'A'],
  ['Mary Ann Smith', 'MA'],
  ['  ', '?'],
])('initials of %s are %s', (name, initials) => {
  expect(initialsOf(name)).toBe(initials);
});
