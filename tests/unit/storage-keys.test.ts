// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_KEYS, readJson, writeJson } from '../../providers/storage-keys';
import { storedGrants } from '../../providers/access-control';

afterEach(() => localStorage.clear());

describe('readJson (stored entries read by every permission check and request)', () => {
  it('gives what was written, and what is written next once it changes', () => {
    writeJson(localStorage, { key: LOCAL_KEYS.permission, value: [{ resourceId: 'm1', actions: ['read'] }] });
    expect(storedGrants()).toEqual([{ resourceId: 'm1', actions: ['read'] }]);
    expect(storedGrants()).toEqual([{ resourceId: 'm1', actions: ['read'] }]);
    // A session refreshed with other grants (a role changed by an administrator) is read anew.
    writeJson(localStorage, { key: LOCAL_KEYS.permission, value: [{ resourceId: 'm2', actions: ['read', 'write'] }] });
    expect(storedGrants()).toEqual([{ resourceId: 'm2', actions: ['read', 'write'] }]);
  });

  it('reads the same text as the same value, without parsing it again', () => {
    writeJson(localStorage, { key: 'entry', value: { a: 1 } });
    const first = readJson<{ a: number }>(localStorage, 'entry');
    expect(readJson(localStorage, 'entry')).toBe(first);
    localStorage.setItem('entry', JSON.stringify({ a: 2 }));
    expect(readJson(localStorage, 'entry')).toEqual({ a: 2 });
  });

  it('gives undefined for a missing, empty or corrupt entry, and again a value once it is repaired', () => {
    expect(readJson(localStorage, 'entry')).toBeUndefined();
    localStorage.setItem('entry', '');
    expect(readJson(localStorage, 'entry')).toBeUndefined();
    localStorage.setItem('entry', '{"a":');
    expect(readJson(localStorage, 'entry')).toBeUndefined();
    localStorage.setItem('entry', '{"a":3}');
    expect(readJson(localStorage, 'entry')).toEqual({ a: 3 });
  });

  it('keeps the entries of each storage apart', () => {
    localStorage.setItem('entry', '{"where":"local"}');
    sessionStorage.setItem('entry', '{"where":"session"}');
    expect(readJson(localStorage, 'entry')).toEqual({ where: 'local' });
    expect(readJson(sessionStorage, 'entry')).toEqual({ where: 'session' });
    sessionStorage.clear();
  });
});
