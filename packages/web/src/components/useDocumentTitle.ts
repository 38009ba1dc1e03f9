import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "<page> · Cirrus" in the browser tab; just the product name without a page title. null leaves
 * the tab's title to another component: a parent whose children name the page (the viewer, while
 * it loads) must not, as its effect runs after theirs and would put the product name back.
 */
export function useDocumentTitle(title?: string | null) {
  const { t } = useTranslation();
  const product = t('common.productName');
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
