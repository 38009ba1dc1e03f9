import { expect, test } from 'vitest';
import { contrastRatio } from './contrast.ts';

test.each([
  ['#000000', '#ffffff', 21],
  ['#ffffff', '#000000', 21],
  ['#777777', '#777777', 1],
  ['#767676', '#ffffff', 4.54], // the lightest grey that passes AA on white
  ['#8c8c8c', '#ffffff', 3.36],
])('contrast of %s on %s is %s', (foreground, background, ratio) => {
  expect(contrastRatio(foreground, background)).toBeCloseTo(ratio, 2);
});

test('only #rrggbb colours', () => {
  expect(() => contrastRatio('rgba(0,0,0,.45)', '#ffffff')).toThrow();
});
