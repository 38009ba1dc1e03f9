/** Security documents' rights (spec 001 §7, spec 002 §7: PUT {secure}/api/v1/doc/{id}/rights). */
import type { SecdocRight, SecdocRightView } from '@cirrus/shared';
import { http, type RequestOptions } from './http';

export interface SecdocRights {
  fileid: number;
  secure_guid: string;
  rights: SecdocRightView[];
}

export const secdocApi = {
  rights: (fileid: number, options?: RequestOptions) =>
    http.get<SecdocRights>(`/api/v1/doc/${fileid}/rights`, options),

  setRights: (fileid: number, rights: SecdocRight[]) =>
    http.put<SecdocRights>(`/api/v1/doc/${fileid}/rights`, rights),
};
