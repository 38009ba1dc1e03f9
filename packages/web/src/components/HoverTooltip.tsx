import { Tooltip } from 'antd';
import { cloneElement, type PointerEvent, type ReactElement, type ReactNode, useRef, useState } from 'react';

type PointerHandler = (event: PointerEvent<HTMLElement>) => void;
type Target = ReactElement<{ onPointerEnter?: PointerHandler; onPointerDown?: PointerHandler }>;

/**
 * antd's Tooltip for a button that does something when tapped: the tip shows to a mouse's hover
 * only. antd opens a hover tip on a tap too and keeps it until the next tap elsewhere, so on a
 * phone it stayed on screen over what the tap had opened.
 */
export function HoverTooltip({ title, children }: { title: ReactNode; children: Target }) {
  const [open, setOpen] = useState(false);
  // What last came over or pressed the button: a tap's pointer events come before the touch
  // event that antd opens the tip on.
  const touch = useRef(false);
  const noted =
    (handler: PointerHandler | undefined): PointerHandler =>
    (event) => {
      touch.current = event.pointerType === 'touch';
      handler?.(event);
    };
  return (
    <Tooltip title={title} open={open} onOpenChange={(next) => setOpen(next && !touch.current)}>
      {cloneElement(children, {
        onPointerEnter: noted(children.props.onPointerEnter),
        onPointerDown: noted(children.props.onPointerDown),
      })}
    </Tooltip>
  );
}
