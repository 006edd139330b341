import { expect } from 'vitest';
import type { ApiClient, ApiResponse } from './fixtures';

/** The tag and group tests' calls: an answer's data, the test failing on anything but success. */
export async function okData(promise: Promise<ApiResponse>) {
  const res = await promise;
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
  return res.body.data;
}

let seq = 0;
const ZONE = { time_zone: 'Asia/Shanghai' };

/** A new member of the client's merchant (a name and mobile of its own, `extra` fields over them); answers its id. */
export async function newMember(client: ApiClient, extra: Record<string, unknown> = {}): Promise<number> {
  seq += 1;
  const body = { name: `客群会员${seq}`, mobile: `136${String(seq).padStart(8, '0')}`, ...extra };
  return (await okData(client.post('/v1/member/saveNew', { body, headers: ZONE }))).id as number;
}
