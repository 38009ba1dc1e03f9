/**
 * Pictures of the drive service (spec 000 §7): the upload address of an avatar or a team image,
 * then the form POST of the png to that address.
 */
import type { UploadAddress, UploadedPicture } from '@cirrus/shared';
import { http, postForm } from './http';

export const imagesApi = {
  avatarUploadAddress: () =>
    http.post<UploadAddress>('/api/v3/avatar/upload', undefined, { query: { type: 'avatar' } }),
  imageUploadAddress: () =>
    http.post<UploadAddress>('/api/v3/image/upload', undefined, { query: { type: 'image' } }),

  /** Sends the returned fields, then the png named by the time (spec 000 §7); success is 200. */
  upload: (address: UploadAddress, png: Blob) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(address.fields)) form.append(name, value);
    form.append('file', png, `${Date.now()}.png`);
    return postForm<UploadedPicture>(address.url, form);
  },

  /** The viewer's own cloud space, for the user card (GET /api/v3/spaces). */
  mySpace: () => http.get<{ total: number; used: number }>('/api/v3/spaces'),
};
