import { Descriptions, Space } from 'antd';
import { declaredDetailSections, type ResourceDef } from '../../../../resources/define';
import type { ApiRecord, Translate } from '../../../fields/field-kind';
import { DetailSections } from '../../../screens/generic/record-detail';
import { birthdayFacts } from './birthday';

/** Detail sections of the profile tab; `membership` has a tab of its own. */
const PROFILE_SECTIONS = ['basic', 'registration'];
const VEHICLE_SECTION = 'vehicle';

/** Props of {@link ProfileTab}. */
export interface ProfileTabProps {
  readonly resource: ResourceDef;
  readonly record: ApiRecord;
  readonly t: Translate;
  /** sysConfig showMemberExtendDetail: show the extended (petrol / fleet) fields. */
  readonly showExtended: boolean;
}

/** True when the profile shows the vehicle section: the flag is on, or the member is a petrol member. */
export function showsVehicle(record: ApiRecord, showExtended: boolean): boolean {
  return showExtended || record.profile === 'petrol';
}

/**
 * The member's profile: the declared basic and registration sections, the vehicle section when
 * the extended details are on (or for petrol members, whose list shows them anyway), and the
 * next birthday (the solar date of a lunar birthday, by the lunar calendar).
 */
export function ProfileTab(props: ProfileTabProps) {
  const { resource, record, t } = props;
  const keys = [...PROFILE_SECTIONS, ...(showsVehicle(record, props.showExtended) ? [VEHICLE_SECTION] : [])];
  // The same declaration with the sections of this tab: labels and displays stay derived.
  const shown: ResourceDef = { ...resource, detail: (declaredDetailSections(resource) ?? []).filter((s) => keys.includes(s.key)) };
  const birthday = birthdayFacts({ birthday: record.birthday, lunar: record.birthdayType === 'lunar' });
  const birthdayItems = birthday
    ? [
        ...(birthday.lunar
          ? [
              {
                key: 'lunar',
                label: t('member.detail.lunarBirthday'),
                children: `${birthday.lunar.name}（${birthday.lunar.month}/${birthday.lunar.day}）`,
              },
            ]
          : []),
        { key: 'next', label: t('member.detail.nextBirthday'), children: <span data-testid="next-birthday">{birthday.next}</span> },
      ]
    : [];
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <DetailSections resource={shown} record={record} columns={2} />
      {birthdayItems.length > 0 ? (
        <Descriptions title={t('member.detail.birthday')} bordered size="small" column={2} items={birthdayItems} />
      ) : null}
    </Space>
  );
}
