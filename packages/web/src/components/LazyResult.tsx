import type { ResultProps } from 'antd';
import { lazy, Suspense } from 'react';

// Its own chunk: with the pictures of its 403, 404 and 500 states it is one of antd's larger parts.
const Result = lazy(() => import('antd/es/result'));

/**
 * antd's Result, loaded when first shown, for the error and not-found states of screens that are
 * on the first screen's path (the drive, the router's error and 404 pages), which rarely show one
 * (bench W8). Nothing is shown for the moment it takes to load.
 */
export function LazyResult(props: ResultProps) {
  return (
    <Suspense fallback={null}>
      <Result {...props} />
    </Suspense>
  );
}
