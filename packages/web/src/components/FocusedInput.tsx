import { Input, type InputProps, type InputRef } from 'antd';
import type { TextAreaProps, TextAreaRef } from 'antd/es/input/TextArea';
import { type ComponentProps, type Ref, useEffect, useImperativeHandle, useRef } from 'react';
import { giveHeldKeys } from './heldKeys';

/**
 * The field a dialog's keys go to: focused, its text selected, once the dialog is on the page,
 * so that keys typed as it opens land in it (and replace a name it was given). Not autoFocus:
 * that runs before antd's dialog has put its portal in the document, so it focused nothing and,
 * without motion (reduced motion), the dialog's focus trap gave the focus to its Close button.
 * The field mounts with the dialog's content (GuardedModal destroys it when hidden).
 */
function useFocusOnMount<R extends InputRef | TextAreaRef>(ref: Ref<R> | undefined) {
  const own = useRef<R>(null);
  // antd's Form.Item passes a ref of its own (to focus a field that failed its rules).
  useImperativeHandle(ref, () => own.current as R, []);
  useEffect(() => {
    // After the dialog's own effects, which run after this one: its focus trap, set up there,
    // takes the focus to its first button, and until then a dialog beneath it (My info under
    // Change password) pulls the focus back into itself.
    queueMicrotask(() => {
      own.current?.focus({ cursor: 'all' });
      // The keys typed while the dialog's code was coming (lazyWarmed), now that it is here.
      const field = document.activeElement;
      if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) giveHeldKeys(field);
    });
  }, []);
  return own;
}

export function FocusedInput({ ref, ...props }: InputProps & { ref?: Ref<InputRef> }) {
  return <Input {...props} ref={useFocusOnMount(ref)} />;
}

export function FocusedPassword({ ref, ...props }: ComponentProps<typeof Input.Password>) {
  return <Input.Password {...props} ref={useFocusOnMount(ref)} />;
}

export function FocusedTextArea({ ref, ...props }: TextAreaProps & { ref?: Ref<TextAreaRef> }) {
  return <Input.TextArea {...props} ref={useFocusOnMount(ref)} />;
}

export function FocusedSearch({ ref, ...props }: ComponentProps<typeof Input.Search>) {
  return <Input.Search {...props} ref={useFocusOnMount(ref)} />;
}
