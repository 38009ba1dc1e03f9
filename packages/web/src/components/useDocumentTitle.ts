import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** "<page> · Cirrus" in the browser tab; just the product name without a page title. */
export function useDocumentTitle(title?: string) {
  const { t } = useTranslation();
  const product = t('common.productName');
  useEffect(() => {
    document.title = title ? `${title} · ${product}` : product;
  }, [title, product]);
}
