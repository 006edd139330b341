import { ApartmentOutlined } from '@ant-design/icons';
import { Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MarketingCenter } from '../../providers/auth';

/**
 * Chooses the marketing centre the user works in. The choice is kept in the session
 * (`marketCenter`, `marketCenterName`) and sent as the `marketingCenter` header on every call.
 */
export function MarketingCentreSelect(props: {
  readonly centers: readonly MarketingCenter[];
  readonly value: number | undefined;
  readonly onChange: (center: MarketingCenter) => void;
}) {
  const { t } = useTranslation();
  if (props.centers.length === 0) return null;
  return (
    <Space size={4} className="console-header-item">
      <ApartmentOutlined />
      <Select
        // rc-select names its input after the first drawing when it is given no id: a change of
        // an element of the header on every page load, after the page first showed.
        id="console-marketing-centre"
        size="small"
        variant="borderless"
        popupMatchSelectWidth={false}
        aria-label={t('shell.header.marketCenter')}
        placeholder={t('shell.header.marketCenter')}
        value={props.value}
        options={props.centers.map((center) => ({ value: center.id, label: center.name }))}
        onChange={(id: number) => {
          const center = props.centers.find((candidate) => candidate.id === id);
          if (center) props.onChange(center);
        }}
        style={{ minWidth: 120 }}
      />
    </Space>
  );
}
