import { SECDOC_MAX_RIGHTS, SECDOC_OPERATION_ID_LIST, SECDOC_PRINCIPAL } from '@cirrus/shared';
import { z } from 'zod';
import { Id } from '../../http/params.ts';

export const DocParams = z.object({ id: Id });

const OperationId = z
  .number()
  .int()
  .refine((id) => (SECDOC_OPERATION_ID_LIST as number[]).includes(id));
const PrincipalType = z.union([
  z.literal(SECDOC_PRINCIPAL.chat),
  z.literal(SECDOC_PRINCIPAL.dept),
  z.literal(SECDOC_PRINCIPAL.team),
  z.literal(SECDOC_PRINCIPAL.user),
]);

/** PUT {secure}/api/v1/doc/{id}/rights: the whole list of rights (spec 001 §7, spec 002 §7). */
export const RightsBody = z
  .array(
    z.object({
      principalid: Id,
      principaltype: PrincipalType,
      operationids: z.array(OperationId).max(SECDOC_OPERATION_ID_LIST.length),
    }),
  )
  .max(SECDOC_MAX_RIGHTS);

export type RightsBody = z.infer<typeof RightsBody>;
