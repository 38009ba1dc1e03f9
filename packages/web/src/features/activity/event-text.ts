/** What an activity entry says (spec 001 §3 "File event names"), as an i18n key and its values. */
import type { FileEventRecord } from '@cirrus/shared';
import type { en } from '../../i18n/en';

type EventKey = `activity.event.${keyof typeof en.activity.event}`;

export interface EventText {
  key: EventKey;
  values: Record<string, string | number>;
}

/**
 * Where the entry shows: a space's own activity ('team', where "here" is that space), or a list
 * that is not about one place (my activity across spaces, a file's activity), where an entry names
 * the space it happened in when it knows it.
 */
export type EventWhere = 'space' | 'elsewhere';

type EventInput = Pick<FileEventRecord, 'event' | 'fname' | 'detail' | 'ftype'> &
  Partial<Pick<FileEventRecord, 'groupid' | 'group_name'>>;

const ARRIVAL_KEYS = {
  copy: { here: 'activity.event.copyHere', into: 'activity.event.copyInto', plain: 'activity.event.copy' },
  move: {
    here: 'activity.event.shiftIn',
    into: 'activity.event.shiftInto',
    plain: 'activity.event.shiftInPlain',
  },
} as const satisfies Record<string, Record<string, EventKey>>;

/**
 * A copy or a move arriving in the event's space: "here" in the space's activity, "into <space>"
 * elsewhere, or no place when the space's name is not known. A move within one space ends in
 * another folder of it, which neither "here" nor the space's name tells.
 */
function arrival(event: EventInput, where: EventWhere, kind: 'copy' | 'move'): EventText {
  const name = event.fname;
  const keys = ARRIVAL_KEYS[kind];
  const from = event.detail.from_groupid;
  if (kind === 'move' && typeof from === 'number' && from === event.groupid)
    return { key: 'activity.event.shiftWithin', values: { name } };
  if (where === 'space') return { key: keys.here, values: { name } };
  if (event.group_name) return { key: keys.into, values: { name, space: event.group_name } };
  return { key: keys.plain, values: { name } };
}

export function eventText(event: EventInput, where: EventWhere = 'space'): EventText {
  const name = event.fname;
  const detail = event.detail;
  switch (event.event) {
    case 'file_create':
      // A copy is recorded as the new item's creation, with the item it was copied from.
      if (detail.copied_from !== undefined) return arrival(event, where, 'copy');
      if (event.ftype === 'folder') return { key: 'activity.event.createFolder', values: { name } };
      return {
        key: detail.new_empty ? 'activity.event.createNew' : 'activity.event.create',
        values: { name },
      };
    case 'update':
      if (typeof detail.recovered_from_ver === 'number')
        return { key: 'activity.event.restoreVersion', values: { name, ver: detail.recovered_from_ver } };
      if (typeof detail.ver === 'number')
        return { key: 'activity.event.update', values: { name, ver: detail.ver } };
      return { key: 'activity.event.change', values: { name } };
    case 'rename':
      return { key: 'activity.event.rename', values: { name, from: String(detail.from ?? '') } };
    case 'delete':
      return { key: 'activity.event.delete', values: { name } };
    case 'comment':
      return { key: 'activity.event.comment', values: { name } };
    case 'recover':
      return {
        key: detail.to_root ? 'activity.event.recoverToRoot' : 'activity.event.recover',
        values: { name },
      };
    case 'shift_in':
      return arrival(event, where, 'move');
    case 'shift_out':
      return { key: 'activity.event.shiftOut', values: { name } };
    case 'shift_delete':
      return { key: 'activity.event.shiftDelete', values: { name } };
    case 'share':
      return { key: 'activity.event.share', values: { name } };
    case 'permission':
      return { key: 'activity.event.permission', values: { name } };
    default:
      return { key: 'activity.event.other', values: { name } };
  }
}
