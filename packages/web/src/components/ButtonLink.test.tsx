import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, test, vi } from 'vitest';
import { ButtonLink } from './ButtonLink';

function renderAt(onClick?: () => void) {
  return render(
    <MemoryRouter initialEntries={['/here']}>
      <Routes>
        <Route
          path="/here"
          element={
            <ButtonLink to="/there/7" type="primary" onClick={onClick}>
              Go there
            </ButtonLink>
          }
        />
        <Route path="/there/:id" element={<p>Arrived</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('ButtonLink', () => {
  test('is one link, with the address, and no button inside it', () => {
    const { container } = renderAt();
    const link = screen.getByRole('link', { name: 'Go there' });
    expect(link.getAttribute('href')).toBe('/there/7');
    expect(link.className).toContain('ant-btn-primary');
    // A button in a link was two stops for Tab, and not valid HTML.
    expect(container.querySelectorAll('button, a')).toHaveLength(1);
  });

  test('a plain click goes there through the router, after its own onClick', () => {
    const onClick = vi.fn();
    renderAt(onClick);
    fireEvent.click(screen.getByRole('link', { name: 'Go there' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(screen.getByText('Arrived')).toBeTruthy();
  });

  test('a click with Ctrl is left to the browser (a new tab)', () => {
    renderAt();
    const link = screen.getByRole('link', { name: 'Go there' });
    const allowed = fireEvent.click(link, { ctrlKey: true });
    expect(allowed).toBe(true);
    expect(screen.queryByText('Arrived')).toBeNull();
  });
});
