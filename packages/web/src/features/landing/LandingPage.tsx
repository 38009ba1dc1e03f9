import { CloudServerOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LANDING_PATH, LOGIN_PATH, paths } from '../../app/paths';
import { CloudLogo } from '../../components/CloudLogo';
import { LanguageSwitch } from '../../components/LanguageSwitch';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSelfUser } from '../auth/queries';
import { FeatureGrid } from './FeatureGrid';
import { HeroIllustration } from './HeroIllustration';

/** /landing: what the product is, for a logged-out visitor at the root path (spec 000 §2). */
export function LandingPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('landing.tagline'));
  const navigate = useNavigate();
  const loggedIn = Boolean(useSelfUser().data);
  const primaryAction = loggedIn
    ? { label: t('landing.openDrive'), to: paths.drive }
    : { label: t('landing.login'), to: LOGIN_PATH };

  return (
    <div className="cirrus-landing">
      <header className="cirrus-topbar">
        <Link to={LANDING_PATH} className="cirrus-brand">
          <CloudLogo size={30} />
          <span>{t('common.productName')}</span>
        </Link>
        <div className="cirrus-header-actions">
          <LanguageSwitch />
          <Button type="primary" onClick={() => void navigate(primaryAction.to)}>
            {primaryAction.label}
          </Button>
        </div>
      </header>

      <main>
        <section className="cirrus-hero">
          <div className="cirrus-hero-text">
            <Typography.Title className="cirrus-hero-title">{t('landing.tagline')}</Typography.Title>
            <Typography.Paragraph className="cirrus-hero-intro">{t('landing.intro')}</Typography.Paragraph>
            <Button type="primary" size="large" onClick={() => void navigate(primaryAction.to)}>
              {primaryAction.label}
            </Button>
          </div>
          <HeroIllustration />
        </section>

        <section className="cirrus-section" aria-labelledby="features-title">
          <Typography.Title level={2} id="features-title" className="cirrus-section-title">
            {t('landing.featuresTitle')}
          </Typography.Title>
          <FeatureGrid />
        </section>

        <section className="cirrus-section cirrus-selfhosted">
          <CloudServerOutlined className="cirrus-selfhosted-icon" aria-hidden="true" />
          <div>
            <Typography.Title level={2} className="cirrus-selfhosted-title">
              {t('landing.selfHostedTitle')}
            </Typography.Title>
            <Typography.Paragraph type="secondary">{t('landing.selfHostedText')}</Typography.Paragraph>
          </div>
        </section>
      </main>

      <footer className="cirrus-landing-footer">
        <Typography.Text type="secondary">{t('landing.footer')}</Typography.Text>
      </footer>
    </div>
  );
}
