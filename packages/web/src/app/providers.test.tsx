import { StarOutlined } from '@ant-design/icons';
import { render, screen } from '@testing-library/react';
import { expect, test } from 'vitest';
import { AppProviders, createQueryClient } from './providers';

const iconStyleElements = () =>
  [...document.querySelectorAll('style')].filter((style) => style.textContent?.includes('.anticon {'));

test("antd's icons under the app's providers add no styles of their own at run time", () => {
  render(
    <AppProviders queryClient={createQueryClient()}>
      {Array.from({ length: 3 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list
        <StarOutlined key={i} aria-label={`star ${i}`} />
      ))}
    </AppProviders>,
  );
  expect(screen.getAllByRole('img')).toHaveLength(3);
  expect(iconStyleElements()).toEqual([]);
});

test('without them, an icon does add its styles (what the test above rules out)', () => {
  render(<StarOutlined aria-label="star" />);
  expect(screen.getByRole('img')).toBeTruthy();
  expect(iconStyleElements()).toHaveLength(1);
});
