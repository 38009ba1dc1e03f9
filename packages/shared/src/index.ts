// @cirrus/shared: pure domain logic shared by the server and the web app. No I/O.

export * from './admin.ts';
export * from './api-types.ts';
export * from './chat.ts';
export * from './constants.ts';
export * from './errors.ts';
export * from './file-types.ts';
export * from './format.ts';
export * from './history-types.ts';
export * from './locks.ts';
export * from './messages.ts';
export * from './permissions.ts';
export * from './preview.ts';
export * from './random.ts';
export * from './realtime.ts';
export * from './redirects.ts';
export * from './roles.ts';
export * from './search-types.ts';
export * from './secdoc.ts';
export * from './secret-labels.ts';
export * from './settings.ts';
export * from './settings-help.ts';
export * from './sharing.ts';
export * from './sharing-types.ts';
export * from './team-avatar.ts';
export * from './team-types.ts';
export * from './validation/index.ts';
