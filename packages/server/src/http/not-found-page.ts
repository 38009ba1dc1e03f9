import type { FastifyInstance } from 'fastify';

/**
 * /404.html (spec 001 §2): where the web app sends someone who may not open a team's recycle bin
 * (only its creator, managers and admins may). A plain page of the server, not of the app, so it
 * stands on its own: both languages, no script, a way back to the drive. One h1, in Chinese; the
 * English title under it is an h2 in the same look.
 */
const PAGE = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>页面不存在 · Page not found — Cirrus</title>
<link rel="icon" type="image/svg+xml" href="/pcview/favicon.svg">
<style>
  :root { color-scheme: light; }
  body {
    margin: 0; min-height: 100vh; display: grid; place-items: center;
    background: #f5f7fb; color: #1f2a3d;
    font-family: -apple-system, BlinkMacSystemFont, 'Segoe UI', 'PingFang SC', 'Hiragino Sans GB',
      'Microsoft YaHei', 'Noto Sans CJK SC', Roboto, 'Helvetica Neue', Arial, sans-serif;
  }
  main {
    width: min(440px, calc(100vw - 32px)); box-sizing: border-box; padding: 40px 36px;
    background: #fff; border: 1px solid #e8ecf3; border-radius: 12px; text-align: center;
    box-shadow: 0 8px 24px rgba(31, 42, 61, 0.06);
  }
  .code { font-size: 56px; font-weight: 700; color: #2864d4; letter-spacing: 2px; margin: 12px 0 4px; }
  h1, h2 { font-size: 20px; margin: 0 0 6px; }
  p { color: #5b6b8c; margin: 0 0 4px; line-height: 1.6; }
  .en { margin-top: 14px; }
  a.button {
    display: inline-block; margin-top: 24px; padding: 8px 20px; border-radius: 8px;
    background: #2864d4; color: #fff; text-decoration: none; font-weight: 500;
  }
  a.button:hover, a.button:focus-visible { background: #2560c8; }
</style>
</head>
<body>
<main>
  <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true">
    <rect width="48" height="48" rx="12" fill="#2864d4"/>
    <g fill="#fff"><circle cx="16" cy="27" r="7"/><circle cx="25" cy="21" r="10"/><circle cx="33" cy="26" r="8"/><rect x="16" y="26" width="17" height="8"/></g>
  </svg>
  <div class="code">404</div>
  <h1>页面不存在或无权访问</h1>
  <p>您打开的页面不存在，或您没有查看它的权限。团队回收站仅对团队创建者和管理员开放。</p>
  <div class="en" lang="en">
    <h2>Page not found</h2>
    <p>This page does not exist, or you may not see it. A team's recycle bin is open only to the team's creator and admins.</p>
  </div>
  <a class="button" href="/pcview/drive">返回我的网盘 · Back to my drive</a>
</main>
</body>
</html>
`;

export function registerNotFoundPage(app: FastifyInstance): void {
  app.get('/404.html', { config: { public: true }, schema: { hide: true } }, async (_req, reply) =>
    reply
      .status(404)
      .header('cache-control', 'no-cache')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; img-src 'self'")
      .type('text/html; charset=utf-8')
      .send(PAGE),
  );
}
