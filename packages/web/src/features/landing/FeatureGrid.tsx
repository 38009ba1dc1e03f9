import {
  ApartmentOutlined,
  DeleteOutlined,
  EyeOutlined,
  FolderOpenOutlined,
  HistoryOutlined,
  LinkOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import { Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const FEATURES: {
  key: 'spaces' | 'links' | 'directory' | 'search' | 'previews' | 'history' | 'recycle';
  icon: ReactNode;
}[] = [
  { key: 'spaces', icon: <FolderOpenOutlined /> },
  { key: 'links', icon: <LinkOutlined /> },
  { key: 'directory', icon: <ApartmentOutlined /> },
  { key: 'search', icon: <SearchOutlined /> },
  { key: 'previews', icon: <EyeOutlined /> },
  { key: 'history', icon: <HistoryOutlined /> },
  { key: 'recycle', icon: <DeleteOutlined /> },
];

export function FeatureGrid() {
  const { t } = useTranslation();
  return (
    <ul className="cirrus-features">
      {FEATURES.map(({ key, icon }) => (
        <li key={key} className="cirrus-feature">
          <span className="cirrus-feature-icon" aria-hidden="true">
            {icon}
          </span>
          <Typography.Title level={3} className="cirrus-feature-title">
            {t(`landing.features.${key}.title`)}
          </Typography.Title>
          <Typography.Paragraph type="secondary" className="cirrus-feature-text">
            {t(`landing.features.${key}.text`)}
          </Typography.Paragraph>
        </li>
      ))}
    </ul>
  );
}
