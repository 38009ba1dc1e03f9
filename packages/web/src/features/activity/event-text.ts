/** What an activity entry says (spec 001 §3 "File event names"), as an i18n key and its values. */
import type { FileEventRecord } from '@cirrus/shared';
import type { en } from '../../i18n/en';

type EventKey = `activity.event.${keyof typeof en.activity.event}`;

export interface EventText {
  key: EventKey;
  values: Record<string, string | number>;
}

export function eventText(event: Pick<FileEventRecord, 'event' | 'fname' | 'detail' | 'ftype'>): EventText {
  const name = event.fname;
  const detail = event.detail;
  switch (event.event) {
    case 'file_create':
      return {
        key: event.ftype === 'folder' ? 'activity.event.createFolder' : 'activity.event.create',
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
      return { key: 'activity.event.shiftIn', values: { name } };
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
