import type { Db } from '../../db/index.ts';
import type { Actor } from '../../http/actor.ts';
import type { SettingsService } from '../settings/service.ts';
import * as repo from './repo.ts';

/**
 * Who approves group creation and who must ask (spec 000 §4, §6 "approve create group"). Apart
 * from the approval service so that the teams module can ask it before a direct create.
 */
export function createApprovalPolicy({ db, settings }: { db: Db; settings: SettingsService }) {
  async function approverIds(actor: Actor): Promise<number[]> {
    return actor.companyId ? repo.findApproverIds(db, actor.companyId) : [];
  }

  return {
    approverIds,

    /**
     * Whether the actor must ask rather than create: the deployment says so
     * (allow_approve_create_group) and the actor is a company member who is not an approver.
     * General users outside a company have nobody to ask, so they create directly.
     */
    async isRequired(actor: Actor): Promise<boolean> {
      if (!actor.companyId) return false;
      const { allow_approve_create_group } = await settings.get(actor.companyId);
      if (!allow_approve_create_group) return false;
      return !(await approverIds(actor)).includes(actor.userId);
    },
  };
}

export type ApprovalPolicy = ReturnType<typeof createApprovalPolicy>;
