import { defineMessages } from './bilingual';

/**
 * Messages of levels and growth: the server's refusals (level ladder, references, incentives,
 * level changes) and the level screens (src/views/member/level). Field labels, options and
 * sections come from the declarations in resources/member/ (`res.level.*` …), not from here.
 */
export const levelMessages = defineMessages({
  // Server (server/modules/levels)
  'level.rankTaken': ['{label} {rank} 已被免费等级“{other}”使用', '{label} {rank} is already used by the free level "{other}"'],
  'level.thresholdBelowLower': [
    '{label}须高于较低等级“{other}”的 {value}',
    '{label} must be above {value}, the value of the lower level "{other}"',
  ],
  'level.thresholdAboveHigher': [
    '{label}须低于较高等级“{other}”的 {value}',
    '{label} must be below {value}, the value of the higher level "{other}"',
  ],
  'upgradeIncentive.nothingGranted': ['请填写{label}或赠送券', 'Enter {label} or the coupons to grant'],
  'levelChange.memberNotFound': ['会员 {member} 不存在', 'Member {member} does not exist'],
  'levelChange.levelNotFound': ['等级 {level} 不存在', 'Level {level} does not exist'],
  'levelChange.levelDisabled': ['等级 {level} 已停用，不能授予', 'Level {level} is disabled and cannot be given'],

  // Level management (member/level/level-manage)
  'level.manage.intro.FREE': [
    '免费等级按成长值自动升级：成长值达到门槛即升至该等级，降级与评定时机见等级评定规则。',
    'Free levels are reached by growth value: a member moves up when their growth value reaches the threshold. When levels are evaluated and whether they drop is set in the evaluation rules.',
  ],
  'level.manage.intro.SPECIAL': [
    '特殊等级由工作人员授予（如员工、签约车队），不随成长值变化。',
    'Special levels are given by staff (employees, contracted fleets) and do not follow growth value.',
  ],
  'level.manage.intro.PAID': [
    '付费等级由会员购买，按售价开通约定月数，可限定适用门店。',
    'Paid levels are bought: the price buys a term in months, optionally only in some stores.',
  ],
  'level.manage.add': ['新增{type}', 'Add {type}'],
  'level.manage.setUp': ['设置{type}', 'Set up {type}'],
  'level.manage.rename': ['修改等级名称', 'Rename levels'],
  'level.manage.evaluation': ['等级评定规则', 'Evaluation rules'],
  'level.manage.rights': ['权益', 'Benefits'],
  'level.manage.empty': ['尚未设置{type}', 'No {type} yet'],
  'level.manage.threshold': ['成长值 ≥ {value}', 'Growth ≥ {value}'],
  'level.manage.price': ['¥{price} / {months} 个月', '¥{price} / {months} months'],
  'level.manage.assigned': ['由工作人员授予', 'Given by staff'],

  // Level forms and set-up wizards
  'level.form.chooseLevel': ['请从等级管理中选择要修改的等级', 'Choose the level to change in level management'],
  'level.init.saved': ['“{name}”已保存', '"{name}" saved'],
  'level.init.another': ['继续添加下一个等级', 'Add the next level'],
  'level.init.toManage': ['返回等级管理', 'Back to level management'],
  'level.init.ladder': ['已设置的等级', 'Levels set up so far'],

  // Renaming (member/level/level-name-modify)
  'level.rename.current': ['当前名称', 'Current name'],
  'level.rename.newName': ['新名称', 'New name'],
  'level.rename.nothing': ['没有修改任何名称', 'No name was changed'],
  'level.rename.saved_one': ['已修改 {count} 个等级名称', '{count} level name changed'],
  'level.rename.saved_other': ['已修改 {count} 个等级名称', '{count} level names changed'],
});
