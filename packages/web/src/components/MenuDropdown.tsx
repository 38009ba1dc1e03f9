import { Dropdown, type DropdownProps } from 'antd';
import { useState } from 'react';
import { useFocusReturn } from './useFocusReturn';

/**
 * A menu that a click on its button (or Enter on it) opens, with the focus in it; once it closes,
 * the focus is back on the button (useFocusReturn), also when the item chosen opened a dialog.
 * antd gives it back on Escape only; a dialog gave it, when it closed, to the item gone by then.
 */
export function MenuDropdown(props: Omit<DropdownProps, 'open' | 'onOpenChange' | 'trigger'>) {
  const [open, setOpen] = useState(false);
  useFocusReturn(open);
  return <Dropdown autoFocus {...props} trigger={['click']} open={open} onOpenChange={setOpen} />;
}
