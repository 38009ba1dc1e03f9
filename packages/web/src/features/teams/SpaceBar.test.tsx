import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { SpaceBar } from './SpaceBar';

const GB = 1024 ** 3;

test("the team's space bar is named, and its value is the share used", () => {
  render(<SpaceBar used={3 * GB} total={4 * GB} />);
  const bar = screen.getByRole('progressbar', { name: 'Team space used' });
  expect(bar.getAttribute('aria-valuenow')).toBe('75');
});
