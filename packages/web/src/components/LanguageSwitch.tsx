import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, isLanguage, LANGUAGES, useLanguage } from '../i18n';

export function LanguageSwitch() {
  const { t } = useTranslation();
  const current = useLanguage();

  return (
    <Dropdown
      autoFocus
      trigger={['click']}
      menu={{
        items: LANGUAGES.map((language) => ({ key: language, label: t(`language.${language}`) })),
        selectable: true,
        selectedKeys: [current],
        onClick: ({ key }) => {
          if (isLanguage(key)) void changeLanguage(key);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined aria-hidden />}
        aria-label={t('language.current', { name: t(`language.${current}`) })}
      >
        <span className="cirrus-language-name">{t(`language.${current}`)}</span>
      </Button>
    </Dropdown>
  );
}
