/**
 * The official account's authorisation as the WeChat settings hold it (the callback stores it,
 * server/modules/channels/wechat-authorize.routes.ts): shown on both authorisation pages.
 */
import { Descriptions, Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiData } from '../../../../resources/contract/api.types';

export type WechatSettings = ApiData<'get', '/v1/wechat-channel/get'>;

export function WechatAuthorization(props: { readonly settings: WechatSettings }) {
  const { t } = useTranslation();
  const { settings } = props;
  if (!settings.authorizerAppId) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('wechatAuth.none')} />;
  const label = (field: string) => t(`res.wechat-channel.${field}`);
  return (
    <Descriptions
      column={1}
      bordered
      size="small"
      data-testid="wechat-authorization"
      items={[
        { key: 'appId', label: label('authorizerAppId'), children: settings.authorizerAppId },
        { key: 'at', label: label('authorizedAt'), children: settings.authorizedAt ?? '' },
        { key: 'scopes', label: label('authorizedScopes'), children: settings.authorizedScopes ?? '' },
      ]}
    />
  );
}
