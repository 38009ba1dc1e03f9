import { Button, type ButtonProps } from 'antd';
import type { MouseEvent } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

/**
 * A link to a page of the app that looks like a button: one element, reached once by Tab (a button
 * inside a link was two, and is not valid HTML). A plain click goes there through the router; a
 * click with a modifier key or the middle button is the browser's (a new tab, say).
 */
export function ButtonLink({ to, onClick, ...button }: Omit<ButtonProps, 'href'> & { to: string }) {
  const href = useHref(to);
  const follow = useLinkClickHandler(to);
  return (
    <Button
      {...button}
      href={href}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) follow(event as MouseEvent<HTMLAnchorElement>);
      }}
    />
  );
}
