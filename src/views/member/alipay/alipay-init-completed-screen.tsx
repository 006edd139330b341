/**
 * Alipay › setup completed (alipay-init-completed, issue 27 §3): where the Alipay setup ends, a
 * page outside the menu. It says what is ready and leads to the next steps: the card design and
 * the member QR code that opens the card.
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export default function AlipayInitCompletedScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="success"
      title={t('alipayInit.done')}
      subTitle={t('alipayInit.done.hint')}
      extra={[
        <Button key="card" type="primary" onClick={() => navigate('/member/alipay/alipay-member-card-edit-dtl')}>
          {t('alipayInit.done.card')}
        </Button>,
        <Button key="qr" onClick={() => navigate('/member/alipay/alipay-member-qr-code')}>
          {t('alipayInit.done.qrCode')}
        </Button>,
      ]}
    />
  );
}
