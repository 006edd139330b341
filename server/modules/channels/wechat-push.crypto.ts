import { createDecipheriv, createHash, timingSafeEqual } from 'node:crypto';

/**
 * WeChat's message encryption (消息加解密, "safe mode"), as its documentation describes it, with
 * node's crypto:
 *
 * - the signature: `msg_signature` = SHA-1 (hex) of the token, the timestamp, the nonce and the
 *   encrypted message, sorted as strings and joined without separators;
 * - the key: Base64 of the 43-character EncodingAESKey with one `=` appended, 32 bytes;
 *   AES-256-CBC with the key's first 16 bytes as the IV, PKCS#7 padding to 32-byte blocks;
 * - the plain text: 16 random bytes, the message's length (4 bytes, network order), the message
 *   (UTF-8 XML), then the AppID it is for.
 */

export function pushSignature(parts: { token: string; timestamp: string; nonce: string; encrypt: string }): string {
  const joined = [parts.token, parts.timestamp, parts.nonce, parts.encrypt].sort().join('');
  return createHash('sha1').update(joined).digest('hex');
}

/** Whether a signature WeChat sent is the one the parts give (compared in constant time). */
export function signatureMatches(sent: string | undefined, expected: string): boolean {
  if (typeof sent !== 'string' || sent.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(sent), Buffer.from(expected));
}

/** The AES key an EncodingAESKey stands for. */
export const aesKeyOf = (encodingAesKey: string): Buffer => Buffer.from(`${encodingAesKey}=`, 'base64');

/** Why a message could not be opened. */
export class PushDecryptError extends Error {}

/** Opens an encrypted message: the XML and the AppID it was encrypted for. */
export function decryptPush(args: { encodingAesKey: string; encrypt: string }): { xml: string; appId: string } {
  const key = aesKeyOf(args.encodingAesKey);
  if (key.length !== 32) throw new PushDecryptError('the EncodingAESKey is not 43 Base64 characters');
  let plain: Buffer;
  try {
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    plain = Buffer.concat([decipher.update(Buffer.from(args.encrypt, 'base64')), decipher.final()]);
  } catch (error) {
    throw new PushDecryptError(error instanceof Error ? error.message : String(error));
  }
  const pad = plain.at(-1) ?? 0;
  if (pad < 1 || pad > 32 || plain.length < 20 + pad) throw new PushDecryptError('bad padding');
  const body = plain.subarray(0, plain.length - pad);
  const length = body.readUInt32BE(16);
  if (20 + length > body.length) throw new PushDecryptError('bad length');
  return { xml: body.subarray(20, 20 + length).toString('utf8'), appId: body.subarray(20 + length).toString('utf8') };
}
