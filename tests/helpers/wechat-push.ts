import { createCipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * WeChat's side of a push, written from its "message encryption" documentation and apart from
 * the server's code, so the API tests check the server against the documented scheme: the XML
 * encrypted with AES-256-CBC (key = Base64 of the EncodingAESKey + "=", IV = the key's first 16
 * bytes, PKCS#7 to 32-byte blocks) over 16 random bytes + the length (4 bytes, big-endian) + the
 * XML + the AppID; `msg_signature` = SHA-1 of token, timestamp, nonce and the ciphertext, sorted
 * and joined.
 */

/** A 43-character EncodingAESKey, as WeChat's console generates one. */
export function newEncodingAesKey(): string {
  return randomBytes(32).toString('base64').slice(0, 43).replace(/[+/]/g, 'A');
}

export function encryptForWechat(args: { encodingAesKey: string; appId: string; xml: string }): string {
  const key = Buffer.from(`${args.encodingAesKey}=`, 'base64');
  const message = Buffer.from(args.xml, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(message.length, 0);
  const plain = Buffer.concat([randomBytes(16), length, message, Buffer.from(args.appId, 'utf8')]);
  const pad = 32 - (plain.length % 32);
  const padded = Buffer.concat([plain, Buffer.alloc(pad, pad)]);
  const cipher = createCipheriv('aes-256-cbc', key, key.subarray(0, 16));
  cipher.setAutoPadding(false);
  return Buffer.concat([cipher.update(padded), cipher.final()]).toString('base64');
}

export const wechatSignature = (...parts: string[]) =>
  createHash('sha1')
    .update([...parts].sort().join(''))
    .digest('hex');

/** A message's XML: each field a CDATA text, numbers as they are. */
export function wechatXml(fields: Record<string, string | number>): string {
  const inner = Object.entries(fields)
    .map(([name, value]) => (typeof value === 'number' ? `<${name}>${value}</${name}>` : `<${name}><![CDATA[${value}]]></${name}>`))
    .join('');
  return `<xml>${inner}</xml>`;
}

/** The request WeChat sends: the query (timestamp, nonce, msg_signature …) and the XML body. */
export function wechatPush(args: {
  token: string;
  encodingAesKey: string;
  appId: string;
  fields: Record<string, string | number>;
  /** The outer element next to Encrypt: the platform's AppId (authorisation events) or ToUserName (messages). */
  outer: Record<string, string>;
}): { query: string; body: string } {
  const encrypt = encryptForWechat({ encodingAesKey: args.encodingAesKey, appId: args.appId, xml: wechatXml(args.fields) });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = String(randomBytes(4).readUInt32BE(0));
  const signature = wechatSignature(args.token, timestamp, nonce, encrypt);
  const query = new URLSearchParams({
    signature: wechatSignature(args.token, timestamp, nonce),
    timestamp,
    nonce,
    encrypt_type: 'aes',
    msg_signature: signature,
  });
  return { query: query.toString(), body: wechatXml({ ...args.outer, Encrypt: encrypt }) };
}
