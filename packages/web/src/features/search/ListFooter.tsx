import { SCROLL_END_TRIGGER } from '@cirrus/shared';
import { Button, Space, Spin, Typography } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

interface ListFooterProps {
  hasMore: boolean;
  loading: boolean;
  onLoadMore: () => void;
}

/**
 * The end of a result list (spec 001 §2, §4): the next page loads when the end comes within 20 %
 * of the view (spec 001 §9) or by the load-more link; then "loading", and at the end "no more".
 */
export function ListFooter({ hasMore, loading, onLoadMore }: ListFooterProps) {
  const { t } = useTranslation('search');
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoadMore);
  load.current = onLoadMore;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || !hasMore || loading || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) load.current();
      },
      { rootMargin: `0px 0px ${Math.round(SCROLL_END_TRIGGER * 100)}% 0px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading]);

  return (
    <div className="cirrus-search-footer" ref={sentinel}>
      {loading ? (
        <Space>
          <Spin size="small" />
          <Typography.Text type="secondary">{t('page.loading')}</Typography.Text>
        </Space>
      ) : hasMore ? (
        <Button type="link" onClick={onLoadMore}>
          {t('page.loadMore')}
        </Button>
      ) : (
        <Typography.Text type="secondary">{t('page.noMore')}</Typography.Text>
      )}
    </div>
  );
}
