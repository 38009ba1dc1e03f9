import { AVATAR_MAX_BYTES, errorText } from '@cirrus/shared';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, expect, test, vi } from 'vitest';
import { AvatarCropperDialog } from './AvatarCropperDialog';
import { renderInApp, stubApi } from './test-utils';

afterEach(() => vi.unstubAllGlobals());

function pick(file: File) {
  fireEvent.change(screen.getByTestId('avatar-file'), { target: { files: [file] } });
}

test.each([
  ['an empty file', 'error_file_tips', () => new File([], 'me.png')],
  ['a gif', 'error_tips', () => new File(['GIF89a'], 'me.gif')],
  ['over 5 MB', 'error_tips', () => new File([new Uint8Array(AVATAR_MAX_BYTES + 1)], 'me.jpg')],
] as const)('%s is refused with %s before anything is sent', async (_label, key, file) => {
  const calls = stubApi({});
  renderInApp(<AvatarCropperDialog open onClose={() => {}} />);
  pick(file());
  expect(await screen.findByText(errorText(key, 'en'))).toBeTruthy();
  expect(screen.getByRole('button', { name: 'Save' }).hasAttribute('disabled')).toBe(true);
  expect(calls).toEqual([]);
});
