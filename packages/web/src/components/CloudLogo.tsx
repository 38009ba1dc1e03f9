import { BRAND_COLOR } from '../app/theme';

interface CloudLogoProps {
  size?: number;
  /** A white cloud on a brand-coloured tile (default), or a brand-coloured cloud on nothing. */
  variant?: 'tile' | 'plain';
}

/** The product mark: a cloud drawn from three circles on a flat base. */
export function CloudLogo({ size = 32, variant = 'tile' }: CloudLogoProps) {
  const tile = variant === 'tile';
  return (
    <svg width={size} height={size} viewBox="0 0 48 48" aria-hidden="true" focusable="false">
      {tile && <rect width="48" height="48" rx="12" fill={BRAND_COLOR} />}
      <g fill={tile ? '#fff' : BRAND_COLOR}>
        <circle cx="16" cy="27" r="7" />
        <circle cx="25" cy="21" r="10" />
        <circle cx="33" cy="26" r="8" />
        <rect x="16" y="26" width="17" height="8" />
      </g>
    </svg>
  );
}
