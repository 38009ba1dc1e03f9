// Where a login may send the browser next (the cb of the login page, POST /api/users/redirect).

/**
 * The path, query and hash of `target` when it is on `origin` (a path, or a URL of that origin),
 * else undefined. Parsed as a browser would (tabs and line breaks dropped, backslashes read as
 * slashes), and with its leading slashes made one: "/.//evil.example" is a path of this origin
 * whose pathname "//evil.example" a browser, sent there, would read as another host.
 */
export function sameOriginPath(target: string, origin: string): string | undefined {
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return undefined;
  }
  if (url.origin !== origin) return undefined;
  const pathname = `/${url.pathname.replace(/^[/\\]+/, '')}`;
  return `${pathname}${url.search}${url.hash}`;
}
