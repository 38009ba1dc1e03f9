import { ApartmentOutlined, HistoryOutlined, LinkOutlined, SearchOutlined } from '@ant-design/icons';
import { CloudLogo } from '../../components/CloudLogo';

/** A drawing, not a screenshot: the cloud with the things it does around it. */
export function HeroIllustration() {
  return (
    <div className="cirrus-hero-art" aria-hidden="true">
      <div className="cirrus-hero-ring" />
      <div className="cirrus-hero-cloud">
        <CloudLogo size={132} />
      </div>
      <span className="cirrus-hero-badge cirrus-hero-badge-1">
        <LinkOutlined />
      </span>
      <span className="cirrus-hero-badge cirrus-hero-badge-2">
        <ApartmentOutlined />
      </span>
      <span className="cirrus-hero-badge cirrus-hero-badge-3">
        <SearchOutlined />
      </span>
      <span className="cirrus-hero-badge cirrus-hero-badge-4">
        <HistoryOutlined />
      </span>
    </div>
  );
}
