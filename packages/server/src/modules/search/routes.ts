import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { actorOf } from '../../http/actor.ts';
import { useGraphErrors } from '../../http/graph-errors.ts';
import { extensionsOf, FileSearchQuery } from './schema.ts';
import type { SearchService } from './service.ts';

const DESCRIPTION =
  'Files the user may read by name (with pinyin) and content: name matches first, then pinyin, then content, each newest first. Every word of the keyword must match (substring, any case); keyword cut to 30 characters; an empty keyword finds nothing. Each hit carries name_ranges, a content snippet and snippet_ranges.';

/** File search (spec 001 §7 "Search"); the graph error codes, as the /xfi family answers. */
export function searchRoutes({ search }: { search: SearchService }) {
  return async (app: FastifyInstance) => {
    useGraphErrors(app);
    const r = app.withTypeProvider<ZodTypeProvider>();
    for (const mode of ['base', 'adv'] as const) {
      r.get(
        `/xfisearch/v1/me/${mode}/search/files`,
        {
          schema: {
            querystring: FileSearchQuery,
            description:
              mode === 'base'
                ? `${DESCRIPTION} Reads searchname (or fname).`
                : `${DESCRIPTION} Advanced: fname (name) and/or body (content), position (groupids), exts or type, from/to; only when allow_advanced_search is on.`,
          },
        },
        async (req) => {
          const q = req.query;
          return search.searchFiles(actorOf(req), {
            mode,
            name: q.searchname ?? q.fname,
            body: q.body,
            groupIds: q.groupids,
            exts: extensionsOf(q),
            from: q.from,
            to: q.to,
            secretLabel: q.secret_label,
            offset: q.offset,
            count: q.count,
          });
        },
      );
    }
  };
}
