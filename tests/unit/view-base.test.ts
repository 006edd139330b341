import { describe, expect, it } from 'vitest';
import { tableOwner, type ResourceDef } from '../../resources/define';
import { dqshMemberResource, memberResource } from '../../resources/member/member.resource';

describe('the base of a view', () => {
  it('is found for the view and for a copy a screen makes of it', () => {
    expect(tableOwner(dqshMemberResource)).toBe(memberResource);
    // The member detail narrows a view's sections with a spread copy (profile-tab.tsx).
    const narrowed: ResourceDef = { ...dqshMemberResource, detail: [] };
    expect(tableOwner(narrowed)).toBe(memberResource);
    expect(JSON.stringify(narrowed)).not.toContain('viewBase');
  });

  it('is refused for a view not made by defineView', () => {
    const handMade: ResourceDef = { ...memberResource, name: 'hand-made', viewOf: 'member' };
    expect(() => tableOwner(handMade)).toThrow(/declare views with defineView/);
  });
});
