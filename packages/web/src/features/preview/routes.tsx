import type { RouteObject } from 'react-router';
import { FullPageSpin } from '../../components/FullPageSpin';
import { PREVIEW_FORBIDDEN_PATH, PREVIEW_SERVER_ERROR_PATH, type PreviewRouteKind } from './paths';

/**
 * The preview views and the preview shell's error routes (spec 001 §2, spec 002 §2), at the top of
 * the site. The viewer is its own chunk, loaded when a preview opens: the drive's first screen
 * carries none of it (nor pdf.js, highlight.js or marked, which load with the kind that needs them).
 */
function view(kind: PreviewRouteKind): RouteObject['lazy'] {
  return async () => {
    const { PreviewRoute } = await import('./PreviewPage');
    return { element: <PreviewRoute kind={kind} /> };
  };
}

function shellError(errorKey: 'permissionDenied' | 'serverError'): RouteObject['lazy'] {
  return async () => {
    const { PreviewShellError } = await import('./PreviewPage');
    return { element: <PreviewShellError errorKey={errorKey} /> };
  };
}

const routes: RouteObject[] = [
  { path: '/p/:fid', lazy: view('file') },
  { path: '/s/:fid', lazy: view('shared') },
  // The link page (features/share, issue 8): access code, folder, download, save, report; its
  // files open in this viewer at the same address with ?view=1.
  {
    path: '/l/:sid',
    lazy: async () => {
      const { LinkPage } = await import('../share/LinkPage');
      return { element: <LinkPage /> };
    },
  },
  // spec 001 §2: a recycled file, with the recycle marker.
  { path: '/view/p/:fid', lazy: view('recycle') },
  { path: PREVIEW_FORBIDDEN_PATH, lazy: shellError('permissionDenied') },
  { path: PREVIEW_SERVER_ERROR_PATH, lazy: shellError('serverError') },
];

/** Shown while the viewer's chunk loads on a page opened at a preview address. */
export const previewRoutes: RouteObject[] = routes.map((route) => ({
  ...route,
  hydrateFallbackElement: <FullPageSpin />,
}));
