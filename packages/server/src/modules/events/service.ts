import type { DbOrTrx } from '../../db/index.ts';
import * as repo from './repo.ts';

/**
 * File event names of spec 001 §3, plus `permission` (ours: a space's role defaults or a file's
 * permission entries changed). The activity screens read them.
 */
export type FileEventType =
  | 'file_create'
  | 'update'
  | 'rename'
  | 'delete'
  | 'comment'
  | 'recover'
  | 'shift_in'
  | 'shift_out'
  | 'shift_delete'
  | 'share'
  | 'permission';

export interface FileEvent {
  type: FileEventType;
  actorId: number;
  groupId: number;
  /** 0 for an event of the whole space. */
  fileId: number;
  /** The item's name when it happened. */
  name: string;
  isFolder: boolean;
  parentId: number;
  detail?: Record<string, unknown>;
}

/** Told of every recorded event in the same transaction (recent files keep themselves this way). */
export type EventObserver = (trx: DbOrTrx, events: FileEvent[]) => Promise<void>;

/** Records what happened to files, in the caller's transaction so that the event and the change commit together. */
export function createEventLog({ now, observers = [] }: { now: () => number; observers?: EventObserver[] }) {
  return {
    async record(trx: DbOrTrx, ...events: FileEvent[]): Promise<void> {
      const at = now();
      await repo.insertEvents(
        trx,
        events.map((e) => ({
          type: e.type,
          actor_id: e.actorId,
          group_id: e.groupId,
          file_id: e.fileId,
          name: e.name,
          is_folder: e.isFolder ? 1 : 0,
          parent_id: e.parentId,
          detail: JSON.stringify(e.detail ?? {}),
          created_at: at,
        })),
      );
      for (const observe of observers) await observe(trx, events);
    },
  };
}

export type EventLog = ReturnType<typeof createEventLog>;
