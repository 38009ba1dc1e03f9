import { PAGE_SIZE_FILES } from '@cirrus/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { useGraphErrors } from '../../http/graph-errors.ts';
import { toVolumeRecord } from './presenter.ts';
import {
  AclBody,
  BatchDeleteBody,
  BatchTransferBody,
  CreateFolderBody,
  FileParams,
  GroupParams,
  IdParams,
  ListQuery,
  MetadataQuery,
  NewEmptyBody,
  NewEmptyQuery,
  NodeQuery,
  SelfPermissionsParams,
  SelfPermissionsQuery,
  UpdateBody,
  XfiListParams,
  XfiListQuery,
} from './schema.ts';
import type { FileService } from './service.ts';
import { type TransferService, targetOf } from './transfer.ts';

interface Deps {
  files: FileService;
  transfers: TransferService;
}

/** Files and folders (spec 001 §7 "Files and folders"); the /xfi twins answer graph error codes. */
export function fileRoutes({ files, transfers }: Deps) {
  return async (app: FastifyInstance) => {
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v3/groups/:gid/files',
      { schema: { params: GroupParams, querystring: ListQuery } },
      async (req) => files.list(actorOf(req), req.params.gid, req.query.parentid, req.query),
    );

    r.post(
      '/api/v3/groups/:gid/files',
      { schema: { params: GroupParams, body: CreateFolderBody } },
      async (req) =>
        files.createFolder(actorOf(req), req.params.gid, req.body.parentid, req.body.name, {
          existOk: req.body.exist_ok,
        }),
    );

    r.post(
      '/api/v3/groups/:gid/files/new_empty',
      { schema: { params: GroupParams, querystring: NewEmptyQuery, body: NewEmptyBody } },
      async (req) =>
        files.newEmpty(actorOf(req), req.params.gid, req.body.parentid, req.body.name, {
          imPush: req.query.im_push,
        }),
    );

    r.get('/api/v3/groups/:gid/files/:fid', { schema: { params: FileParams } }, async (req) =>
      files.get(actorOf(req), req.params.gid, req.params.fid),
    );

    r.put(
      '/api/v3/groups/:gid/files/:fid',
      { schema: { params: FileParams, body: UpdateBody } },
      async (req) => files.update(actorOf(req), req.params.gid, req.params.fid, req.body),
    );

    r.delete('/api/v3/groups/:gid/files/:fid', { schema: { params: FileParams } }, async (req, reply) => {
      await files.remove(actorOf(req), req.params.gid, req.params.fid);
      return reply.status(204).send();
    });

    r.post(
      '/api/v3/groups/:gid/files/batch/delete',
      { schema: { params: GroupParams, body: BatchDeleteBody } },
      async (req) => files.batchDelete(actorOf(req), req.params.gid, req.body.fileids),
    );

    r.post(
      '/api/v3/groups/:gid/files/batch/copy',
      { schema: { params: GroupParams, body: BatchTransferBody } },
      async (req) => transfers.copy(actorOf(req), req.body.fileids, targetOf(req.body, req.params.gid)),
    );

    r.post(
      '/api/v3/groups/:gid/files/batch/move',
      { schema: { params: GroupParams, body: BatchTransferBody } },
      async (req) => transfers.move(actorOf(req), req.body.fileids, targetOf(req.body, req.params.gid)),
    );

    r.get('/api/v3/groups/:gid/files/:fid/permission', { schema: { params: FileParams } }, async (req) =>
      files.entries(actorOf(req), req.params.gid, req.params.fid),
    );

    r.put(
      '/api/v3/groups/:gid/files/:fid/permission',
      { schema: { params: FileParams, body: AclBody } },
      async (req) => files.setEntries(actorOf(req), req.params.gid, req.params.fid, req.body),
    );

    r.get('/api/files/:id/path', { schema: { params: IdParams } }, async (req) =>
      files.path(actorOf(req), req.params.id),
    );

    r.get(
      '/api/files/:id/metadata',
      { schema: { params: IdParams, querystring: MetadataQuery } },
      async (req) => files.metadata(actorOf(req), req.params.id, req.query.recycle),
    );

    // Link ids (linkid) are the sharing issue's; without fileids the answer is empty.
    r.get('/api/cooper/files/node', { schema: { querystring: NodeQuery } }, async (req) =>
      files.nodes(actorOf(req), req.query.fileids ?? []),
    );

    await app.register(xfiFileRoutes({ files }));
  };
}

function xfiFileRoutes({ files }: Pick<Deps, 'files'>) {
  return async (app: FastifyInstance) => {
    useGraphErrors(app);
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/xfi/u/v1/volumes/:volume/files/:parent/files',
      { schema: { params: XfiListParams, querystring: XfiListQuery } },
      async (req) => {
        const { count, limit, ...rest } = req.query;
        const size = count ?? limit ?? PAGE_SIZE_FILES;
        const list = await files.list(actorOf(req), req.params.volume, req.params.parent, {
          ...rest,
          count: size,
        });
        return { ...list, files: list.files.map(toVolumeRecord) };
      },
    );

    r.get(
      '/xfi/v1/volumes/:v/files/self/permissions',
      { schema: { params: SelfPermissionsParams, querystring: SelfPermissionsQuery } },
      async (req) => files.selfPermissions(actorOf(req), req.params.v, req.query.file),
    );
  };
}
