// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { LOCAL_KEYS, readJson, readSharedJson, writeJson } from '../../providers/storage-keys';
import { storedGrants } from '../../providers/access-control';

afterEach(() => localStorage.clear());

describe('stored entries read by every permission check and request', () => {
  it('gives what was written, and what is written next once it changes', () => {
    writeJson(localStorage, { key: LOCAL_KEYS.permission, value: [{ resourceId: 'm1', actions: ['read'] }] });
    expect(storedGrants()).toEqual([{ resourceId: 'm1', actions: ['read'] }]);
    expect(storedGrants()).toEqual([{ resourceId: 'm1', actions: ['read'] }]);
    // A session refreshed with other grants (a role changed by an administrator) is read anew.
    writeJson(localStorage, { key: LOCAL_KEYS.permission, value: [{ resourceId: 'm2', actions: ['read', 'write'] }] });
    expect(storedGrants()).toEqual([{ resourceId: 'm2', actions: ['read', 'write'] }]);
  });

  it('reads the same text as the same value, without parsing it again, where the readers share it', () => {
    writeJson(localStorage, { key: 'entry', value: { a: 1 } });
    const first = readSharedJson<{ a: number }>(localStorage, 'entry');
    expect(readSharedJson(localStorage, 'entry')).toBe(first);
    localStorage.setItem('entry', JSON.stringify({ a: 2 }));
    expect(readSharedJson(localStorage, 'entry')).toEqual({ a: 2 });
    // A reader that may change what it reads gets a value of its own each time.
    expect(readJson(localStorage, 'entry')).not.toBe(readJson(localStorage, 'entry'));
  });

  it.each([
    ['readJson', readJson],
    ['readSharedJson', readSharedJson],
  ])('%s gives undefined for a missing, empty or corrupt entry, and again a value once it is repaired', (_name, read) => {
    expect(read(localStorage, 'entry')).toBeUndefined();
    localStorage.setItem('entry', '');
    expect(read(localStorage, 'entry')).toBeUndefined();
    localStorage.setItem('entry', '{"a":');
    expect(read(localStorage, 'entry')).toBeUndefined();
    localStorage.setItem('entry', '{"a":3}');
    expect(read(localStorage, 'entry')).toEqual({ a: 3 });
  });

  it('keeps the entries of each storage apart', () => {
    localStorage.setItem('entry', '{"where":"local"}');
    sessionStorage.setItem('entry', '{"where":"session"}');
    expect(readSharedJson(localStorage, 'entry')).toEqual({ where: 'local' });
    expect(readSharedJson(sessionStorage, 'entry')).toEqual({ where: 'session' });
    sessionStorage.clear();
  });
});
