import { render } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { Highlight, termRanges } from './Highlight';

describe('Highlight', () => {
  test('marks the ranges, leaves the rest as text', () => {
    const { container } = render(<Highlight text="Quarterly Plan.docx" ranges={[[10, 14]]} />);
    expect(container.textContent).toBe('Quarterly Plan.docx');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['Plan']);
  });

  test('overlapping and out-of-range ranges do not break the text', () => {
    const { container } = render(
      <Highlight
        text="abcdef"
        ranges={[
          [0, 3],
          [2, 4],
          [5, 99],
        ]}
      />,
    );
    expect(container.textContent).toBe('abcdef');
    expect([...container.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['abc', 'd', 'f']);
  });

  test('term ranges of a keyword, any case', () => {
    expect(termRanges('Plan and PLAN', 'plan')).toEqual([
      [0, 4],
      [9, 13],
    ]);
    expect(termRanges('张伟的团队', '团队 张')).toEqual([
      [0, 1],
      [3, 5],
    ]);
  });
});
