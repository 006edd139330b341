import { expect } from 'vitest';
import type { ApiClient } from './fixtures';

/** The merchant's value approval thresholds (yuan, or points), as value-approval-setting saves them. */
export interface ValueThresholds {
  storedValueThreshold?: number | string;
  cardValueThreshold?: number | string;
  pointsThreshold?: number;
  couponValueThreshold?: number | string;
}

/** Saves some of the merchant's value approval thresholds (the others as they are). */
export async function setValueThresholds(client: ApiClient, thresholds: ValueThresholds): Promise<void> {
  const current = await client.get('/v1/value-approval-setting/get');
  expect(current.body.code, JSON.stringify(current.body)).toBe(2000);
  const { storedValueThreshold, cardValueThreshold, pointsThreshold, couponValueThreshold, version } = current.body.data;
  const res = await client.post('/v1/value-approval-setting/save', {
    body: { storedValueThreshold, cardValueThreshold, pointsThreshold, couponValueThreshold, version, ...thresholds },
  });
  expect(res.body.code, JSON.stringify(res.body)).toBe(2000);
}
