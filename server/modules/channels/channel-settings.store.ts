import { sql } from 'drizzle-orm';
import { openSecret } from '../../crud/secret-box';
import type { ChannelName } from '../../../resources/setting/channel-calls.query-view';
import type { Db } from '../../db/connection';

/** WeChat's settings with credentials (resources/member/wechat-channel.resource.ts). */
export interface WechatSettings {
  readonly appId: string;
  readonly appSecret: string;
  readonly apiBaseUrl: string;
}

/** The merchant's WeChat Open Platform third-party platform, which the official account authorises. */
export interface WechatComponentSettings {
  readonly componentAppId: string;
  readonly componentAppSecret: string;
  readonly componentVerifyTicket: string;
  readonly apiBaseUrl: string;
  readonly authorizePageUrl: string;
}

/** Alipay's settings with credentials (resources/member/alipay-channel.resource.ts). */
export interface AlipaySettings {
  readonly appId: string;
  readonly appPrivateKey: string;
  /** Null: answers are not verified (the merchant has not entered Alipay's public key). */
  readonly alipayPublicKey: string | null;
  readonly gatewayUrl: string;
}

/** Meituan's settings with credentials (resources/member/meituan-channel.resource.ts). */
export interface MeituanSettings {
  readonly appKey: string;
  readonly appSecret: string;
  readonly session: string;
  readonly apiBaseUrl: string;
}

/** The SMS account with credentials (resources/setting/sms-channel.resource.ts). */
export interface SmsSettings {
  readonly accessKeyId: string;
  readonly accessKeySecret: string;
  readonly signName: string;
  readonly endpoint: string;
  readonly quietFromHour: number;
  readonly quietToHour: number;
}

/** JPush's application with credentials (resources/setting/push-channel.resource.ts). */
export interface PushSettings {
  readonly appKey: string;
  readonly masterSecret: string;
  readonly apiBaseUrl: string;
  readonly apnsProduction: boolean;
}

type Row = Record<string, unknown>;

async function rowOf(args: { db: Db; tenantId: number; table: string }): Promise<Row | null> {
  const result = await args.db.execute<Row>(sql`select * from ${sql.identifier(args.table)} where tenant_id = ${args.tenantId} limit 1`);
  return result.rows[0] ?? null;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
// A secret sealed under another installation's key opens as null: the channel is then not connected.
const secret = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? text(openSecret(value)) : null);

/** A channel is connected when every credential it needs is saved; null otherwise. */
export async function wechatSettings(args: { db: Db; tenantId: number }): Promise<WechatSettings | null> {
  const row = await rowOf({ ...args, table: 'wechat_channels' });
  const appId = text(row?.app_id);
  const appSecret = secret(row?.app_secret);
  if (!row || !appId || !appSecret) return null;
  return { appId, appSecret, apiBaseUrl: String(row.api_base_url) };
}

/** The third-party platform's credentials, or null while one is missing (authorisation not possible). */
export async function wechatComponentSettings(args: { db: Db; tenantId: number }): Promise<WechatComponentSettings | null> {
  const row = await rowOf({ ...args, table: 'wechat_channels' });
  const componentAppId = text(row?.component_app_id);
  const componentAppSecret = secret(row?.component_app_secret);
  const componentVerifyTicket = secret(row?.component_verify_ticket);
  if (!row || !componentAppId || !componentAppSecret || !componentVerifyTicket) return null;
  return {
    componentAppId,
    componentAppSecret,
    componentVerifyTicket,
    apiBaseUrl: String(row.api_base_url),
    authorizePageUrl: String(row.authorize_page_url),
  };
}

export async function alipaySettings(args: { db: Db; tenantId: number }): Promise<AlipaySettings | null> {
  const row = await rowOf({ ...args, table: 'alipay_channels' });
  const appId = text(row?.app_id);
  const appPrivateKey = secret(row?.app_private_key);
  if (!row || !appId || !appPrivateKey) return null;
  return { appId, appPrivateKey, alipayPublicKey: text(row.alipay_public_key), gatewayUrl: String(row.gateway_url) };
}

export async function meituanSettings(args: { db: Db; tenantId: number }): Promise<MeituanSettings | null> {
  const row = await rowOf({ ...args, table: 'meituan_channels' });
  const appKey = text(row?.app_key);
  const appSecret = secret(row?.app_secret);
  const session = secret(row?.session);
  if (!row || !appKey || !appSecret || !session) return null;
  return { appKey, appSecret, session, apiBaseUrl: String(row.api_base_url) };
}

export async function smsSettings(args: { db: Db; tenantId: number }): Promise<SmsSettings | null> {
  const row = await rowOf({ ...args, table: 'sms_channels' });
  const accessKeyId = text(row?.access_key_id);
  const accessKeySecret = secret(row?.access_key_secret);
  const signName = text(row?.sign_name);
  if (!row || !accessKeyId || !accessKeySecret || !signName) return null;
  return {
    accessKeyId,
    accessKeySecret,
    signName,
    endpoint: String(row.endpoint),
    quietFromHour: Number(row.quiet_from_hour),
    quietToHour: Number(row.quiet_to_hour),
  };
}

export async function pushSettings(args: { db: Db; tenantId: number }): Promise<PushSettings | null> {
  const row = await rowOf({ ...args, table: 'push_channels' });
  const appKey = text(row?.app_key);
  const masterSecret = secret(row?.master_secret);
  if (!row || !appKey || !masterSecret) return null;
  return { appKey, masterSecret, apiBaseUrl: String(row.api_base_url), apnsProduction: row.apns_production !== false };
}

/** Whether each channel has its credentials (the health page), without opening more than needed. */
export async function connectedChannels(args: { db: Db; tenantId: number }): Promise<Record<ChannelName, boolean>> {
  const [wechat, alipay, meituan, sms, push] = await Promise.all([
    wechatSettings(args),
    alipaySettings(args),
    meituanSettings(args),
    smsSettings(args),
    pushSettings(args),
  ]);
  return { wechat: wechat !== null, alipay: alipay !== null, meituan: meituan !== null, sms: sms !== null, push: push !== null };
}

/** What WeChat's pushes are checked and opened with (the message token and EncodingAESKey), and whose they may be. */
export interface WechatPushSettings {
  readonly token: string;
  readonly encodingAesKey: string;
  /** The AppIDs a decrypted message may name: the third-party platform's and the official account's. */
  readonly appIds: readonly string[];
  /** The authorised official account (an unauthorized event names it). */
  readonly authorizerAppId: string | null;
}

/** Null while the merchant has not entered the token and the key: pushes are then refused. */
export async function wechatPushSettings(args: { db: Db; tenantId: number }): Promise<WechatPushSettings | null> {
  const row = await rowOf({ ...args, table: 'wechat_channels' });
  const token = secret(row?.message_token);
  const encodingAesKey = secret(row?.encoding_aes_key);
  if (!row || !token || !encodingAesKey) return null;
  const appIds = [text(row.component_app_id), text(row.app_id)].filter((id): id is string => id !== null);
  return { token, encodingAesKey, appIds, authorizerAppId: text(row.authorizer_app_id) };
}
