import type { PreviewNeighbors } from '@cirrus/shared';
import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { FileWithNames } from '../files/repo.ts';

/** Someone opening an item through a share link. */
export interface LinkVisit {
  sid: string;
  fileId?: number;
  randCode?: string;
  actor: Actor | null;
  /** The client's address, for the access code's throttle per address. */
  ip: string;
  /** A list's thumbnail, not an opening: the link's access log is not written (SourceQuery.glance). */
  glance?: boolean;
}

/** A file reached through a share link, as the link's rules allow it to be shown. */
export interface LinkTarget {
  file: FileWithNames;
  canDownload: boolean;
  /** Where the viewer's download button goes ('' without one). */
  downloadUrl: string;
}

/**
 * How previews open a share link (/l/{sid}, spec 002 §2): the sharing issue implements this
 * (modules/links) and app.ts passes it in. It answers the file a link shows (`fileId` picks one
 * inside a shared folder) for the actor, who may be logged out, or throws the link's own keys:
 * lightLinkNotExist, linkClosed, linkExpired, chkcodeRequired, chkcodeWrong, viewCountLimit,
 * forbidLink, linkViolation, notCompanyMember, accessDeny, userNotLogin ...
 */
export interface LinkPreviews {
  resolve(input: LinkVisit): Promise<LinkTarget>;
  /**
   * The files before and after one inside a shared folder, in the order its link page lists
   * them (the viewer's previous and next); the link's own file stands alone.
   */
  neighbors(input: LinkVisit & { fileId: number }): Promise<PreviewNeighbors>;
  /**
   * A file by its plain id (/s/{fid}) for a logged-in person outside its space who has it through
   * a link shared with them (modules/links); undefined when no such link lets them see it.
   */
  resolveFile?(input: {
    fileId: number;
    actor: Actor;
    ip: string;
    glance?: boolean;
  }): Promise<LinkTarget | undefined>;
}

/** Until share links exist, every link is one that does not exist. */
export const noLinks: LinkPreviews = {
  async resolve() {
    throw new DomainError('lightLinkNotExist');
  },
  async neighbors() {
    throw new DomainError('lightLinkNotExist');
  },
};
