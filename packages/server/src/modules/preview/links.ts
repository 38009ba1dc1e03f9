import type { Actor } from '../../http/actor.ts';
import { DomainError } from '../../http/errors.ts';
import type { FileWithNames } from '../files/repo.ts';

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
  resolve(input: {
    sid: string;
    fileId?: number;
    randCode?: string;
    actor: Actor | null;
    /** The client's address, for the access code's throttle per address. */
    ip: string;
  }): Promise<LinkTarget>;
  /**
   * A file by its plain id (/s/{fid}) for a logged-in person outside its space who has it through
   * a link shared with them (modules/links); undefined when no such link lets them see it.
   */
  resolveFile?(input: { fileId: number; actor: Actor; ip: string }): Promise<LinkTarget | undefined>;
}

/** Until share links exist, every link is one that does not exist. */
export const noLinks: LinkPreviews = {
  async resolve() {
    throw new DomainError('lightLinkNotExist');
  },
};
