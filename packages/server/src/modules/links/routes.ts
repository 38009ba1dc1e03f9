import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idOf } from '../../db/ids.ts';
import { actorOf } from '../../http/actor.ts';
import { clientIp } from '../../http/auth.ts';
import { DomainError } from '../../http/errors.ts';
import type { BlobStore } from '../../storage/index.ts';
import { isNewDownload } from '../downloads/http-headers.ts';
import { sendFile, sendZip } from '../downloads/routes.ts';
import {
  AddMembersBody,
  AuthBody,
  CloseBody,
  ContentQuery,
  ConvertParams,
  CreateBody,
  DownloadQuery,
  FileReportBody,
  FolderQuery,
  GetQuery,
  ListQuery,
  LookupQuery,
  MemberBody,
  MemberParams,
  PageQuery,
  ProofQuery,
  RecentQuery,
  ReportBody,
  SaveBody,
  SidParams,
  UpdateBody,
} from './schema.ts';
import type { LinkService, Proof, Visitor } from './service.ts';

/** The access code travels URI-encoded in this header (spec 002 §7 "optional header with the encoded access code"). */
export const CHKCODE_HEADER = 'x-chkcode';
/** The token POST .../auth answers, as a header (or ?rand_code=). */
export const LINK_TOKEN_HEADER = 'x-link-rand-code';

function header(req: FastifyRequest, name: string): string | undefined {
  const value = req.headers[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The proof of the access code a request carries: the code header, the token header, or ?rand_code=. */
function proofOf(req: FastifyRequest, randCode: string | undefined): Proof {
  let code: string | undefined;
  const encoded = header(req, CHKCODE_HEADER);
  if (encoded) {
    try {
      code = decodeURIComponent(encoded);
    } catch {
      throw new DomainError('badRequest');
    }
  }
  const token = header(req, LINK_TOKEN_HEADER) ?? randCode;
  // ?rand_code= may also be the code itself (a link address with its code); tokens hold a dot.
  if (token && !token.includes('.')) return { code: code ?? token };
  return { code, token };
}

function visitorOf(req: FastifyRequest, randCode?: string): Visitor {
  return { actor: req.actor, ip: clientIp(req), proof: proofOf(req, randCode) };
}

const open = { public: true };

/**
 * Share links (spec 002 §7 "Drive service", spec 001 §7): management for logged-in people, and
 * the link page's calls that work logged out (public: true).
 */
export function linkRoutes({ links, blobs }: { links: LinkService; blobs: BlobStore }) {
  return async (app: FastifyInstance) => {
    // New versions through a write link are streamed to the blob store, never buffered.
    app.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null));
    const r = app.withTypeProvider<ZodTypeProvider>();

    r.get(
      '/api/v3/links',
      {
        schema: {
          querystring: ListQuery,
          description:
            'Shared files: filter=received (shared with me, the default) or sent/created (shared by me).',
        },
      },
      async (req) => links.list(actorOf(req), req.query),
    );

    r.post(
      '/api/v3/links',
      {
        schema: {
          body: CreateBody,
          description:
            'Creates the file’s link, or reopens it after a cancel (a new sid); reset=true gives the open link a new sid. lightLinkExist when it has one.',
        },
      },
      async (req) => links.create(actorOf(req), req.body),
    );

    r.get(
      '/api/v3/links/convert/:id',
      {
        config: open,
        schema: {
          params: ConvertParams,
          querystring: ProofQuery,
          description:
            'The id of the file a link (sid) shares, as text/plain; the link’s range and access code apply.',
        },
      },
      async (req, reply) =>
        reply
          .type('text/plain; charset=utf-8')
          .send(await links.convert(visitorOf(req, req.query.rand_code), req.params.id)),
    );

    r.get(
      '/api/v3/links/:sid',
      {
        schema: {
          params: SidParams,
          querystring: GetQuery.merge(ProofQuery),
          description:
            'The share panel’s load by sid or file id (a file without a link answers lightLinkNotExist); include=members adds the first 50 members.',
        },
      },
      async (req) => {
        const visitor = visitorOf(req, req.query.rand_code);
        return links.get(actorOf(req), req.params.sid, {
          members: (req.query.include ?? '').split(',').includes('members'),
          proof: visitor.proof,
          ip: visitor.ip,
        });
      },
    );

    r.put('/api/v3/links/:sid', { schema: { params: SidParams, body: UpdateBody } }, async (req) =>
      links.update(actorOf(req), req.params.sid, req.body),
    );

    r.delete(
      '/api/v3/links/:sid',
      {
        schema: {
          params: SidParams,
          body: CloseBody,
          description:
            'A file id closes the file’s link (cancel share); a sid leaves a share shared with me (exit share).',
        },
      },
      async (req, reply) => {
        const actor = actorOf(req);
        if (/^\d+$/.test(req.params.sid)) {
          const fileId = idOf(req.params.sid);
          if (fileId === undefined) throw new DomainError('fileNotExists');
          return links.close(actor, fileId);
        }
        await links.exit(actor, req.params.sid);
        return reply.status(204).send();
      },
    );

    r.post(
      '/api/v3/links/:sid/reset',
      { schema: { params: SidParams, description: 'A new sid; the old one stops working.' } },
      async (req) => links.reset(actorOf(req), req.params.sid),
    );

    r.put('/api/v3/links/:sid/chkcode', { schema: { params: SidParams } }, async (req) =>
      links.setChkcode(actorOf(req), req.params.sid, true),
    );
    r.delete('/api/v3/links/:sid/chkcode', { schema: { params: SidParams } }, async (req) =>
      links.setChkcode(actorOf(req), req.params.sid, false),
    );

    r.get(
      '/api/v3/links/:sid/members',
      { schema: { params: SidParams, querystring: PageQuery } },
      async (req) => links.members(actorOf(req), req.params.sid, req.query.offset, req.query.count),
    );
    r.post(
      '/api/v3/links/:sid/members',
      { schema: { params: SidParams, body: AddMembersBody } },
      async (req) => links.addMembers(actorOf(req), req.params.sid, req.body),
    );
    r.put(
      '/api/v3/links/:sid/members/:memberid',
      { schema: { params: MemberParams, body: MemberBody } },
      async (req) =>
        links.updateMember(actorOf(req), req.params.sid, req.params.memberid, req.body.permission),
    );
    r.delete(
      '/api/v3/links/:sid/members/:memberid',
      { schema: { params: MemberParams } },
      async (req, reply) => {
        await links.removeMember(actorOf(req), req.params.sid, req.params.memberid);
        return reply.status(204).send();
      },
    );

    r.get(
      '/api/v3/links/:sid/access_log',
      {
        schema: {
          params: SidParams,
          querystring: PageQuery,
          description: 'Who opened and downloaded the link, newest first (editors).',
        },
      },
      async (req) => links.accessLog(actorOf(req), req.params.sid, req.query.offset, req.query.count),
    );

    r.post(
      '/api/v3/links/:sid/save',
      {
        schema: {
          params: SidParams,
          querystring: ProofQuery,
          body: SaveBody,
          description: 'Copies the shared item (or items of a shared folder) into one of my folders.',
        },
      },
      async (req) => links.save(visitorOf(req, req.query.rand_code), req.params.sid, req.body),
    );

    r.put(
      '/api/v3/links/:sid/content',
      {
        schema: {
          params: SidParams,
          querystring: ContentQuery,
          description:
            'A new version of the shared file (or of fileid in a shared folder) through a write link; body: the bytes (application/octet-stream).',
        },
      },
      async (req) =>
        links.writeVersion(visitorOf(req, req.query.rand_code), req.params.sid, req.query.fileid, req.raw),
    );

    r.get(
      '/api/v3/share/recent_members',
      {
        schema: {
          querystring: RecentQuery,
          description:
            'The invite box: people I shared with lately, by name, pinyin, email or phone (q, from, size 20).',
        },
      },
      async (req) => links.recentMembers(actorOf(req), req.query.q, req.query.from, req.query.size),
    );

    r.get(
      '/api/v3/share/users/lookup',
      {
        schema: {
          querystring: LookupQuery,
          description: 'A user by email or phone (the invite box); userNotExist when nobody has it.',
        },
      },
      async (req) => links.lookupUser(actorOf(req), req.query.account),
    );

    r.post(
      '/api/report',
      { schema: { body: FileReportBody, description: 'Reports a file to the review queue.' } },
      async (req) => links.reportFile(visitorOf(req), req.body),
    );

    // --- the link page: logged out or in ---------------------------------------------------------

    const info = async (
      req: FastifyRequest<{ Params: { sid: string }; Querystring: { rand_code?: string } }>,
    ) => links.publicInfo(visitorOf(req, req.query.rand_code), req.params.sid);
    r.get(
      '/api/v3/skiplogin/links/:sid',
      { config: open, schema: { params: SidParams, querystring: ProofQuery } },
      info,
    );
    r.get(
      '/api/v3/links/:sid/public_info',
      { config: open, schema: { params: SidParams, querystring: ProofQuery } },
      info,
    );

    r.post(
      '/api/v3/skiplogin/links/:sid/auth',
      {
        config: open,
        schema: {
          params: SidParams,
          body: AuthBody,
          description: 'Checks the access code (throttled); answers a token (rand_code).',
        },
      },
      async (req) => links.auth(visitorOf(req), req.params.sid, req.body.chkcode),
    );

    r.get(
      '/api/v3/skiplogin/links/:sid/files',
      {
        config: open,
        schema: {
          params: SidParams,
          querystring: FolderQuery,
          description: 'A shared folder’s items (parentid: a folder inside it).',
        },
      },
      async (req) =>
        links.folder(
          visitorOf(req, req.query.rand_code),
          req.params.sid,
          req.query.parentid,
          req.query.offset,
          req.query.count,
        ),
    );

    r.get(
      '/api/v3/links/:sid/download',
      {
        config: open,
        // A HEAD would take a download from the limit without sending one.
        exposeHeadRoute: false,
        schema: {
          params: SidParams,
          querystring: DownloadQuery,
          description:
            'Downloads through the link (platform=share): a file, or a folder as one zip; each counts once against the limit.',
        },
      },
      async (req, reply) => {
        const answer = await links.download(
          visitorOf(req, req.query.rand_code),
          req.params.sid,
          req.query.fileid,
          (file) => isNewDownload(req.headers, file),
        );
        if (answer.kind === 'zip') return sendZip(reply, answer.plan, blobs);
        return sendFile(req, reply, answer, blobs);
      },
    );

    r.post(
      '/api/v3/links/:sid/report',
      { config: open, schema: { params: SidParams, body: ReportBody } },
      async (req) =>
        links.reportLink(visitorOf(req), req.params.sid, req.body.reason, req.body.reason_detail),
    );
  };
}
