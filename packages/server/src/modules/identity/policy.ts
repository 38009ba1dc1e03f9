import type { Actor } from '../../http/actor.ts';

/**
 * Whose real-name requests an administrator reviews: a company administrator those of the
 * company's users. General users belong to no company; the administrators of the deployment's
 * first company (the operator's) review theirs. Null: not a reviewer.
 */
export function reviewableCompanies(actor: Actor, operatorCompanyId: number): number[] | null {
  if (!actor.isCompanyAdmin || !actor.companyId) return null;
  return actor.companyId === operatorCompanyId ? [actor.companyId, 0] : [actor.companyId];
}
