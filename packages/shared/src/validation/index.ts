export * from './approval.ts';
export * from './file-name.ts';
export * from './identity.ts';
export * from './password.ts';
export * from './profile.ts';
export * from './search.ts';
export * from './share.ts';
export * from './team.ts';
